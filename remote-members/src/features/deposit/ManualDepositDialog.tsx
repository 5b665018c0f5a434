import { Button, Group, Image, Paper, Stack, Text, useMediaQuery } from '@suwerte/shared';
import { FileInput, TextInput, type UseFormReturnType } from '@suwerte/shared/inputs';
import { Modal } from '@suwerte/shared/overlays';
import { Progress } from '@suwerte/shared/pages';
import { PROOF_IMAGE_TYPES, type ManualDepositFormValues, type PaymentOption } from '@suwerte/contracts/members';
import { formatPeso } from '@suwerte/money';

export interface ManualDepositDialogProps {
  opened: boolean;
  onClose: () => void;
  option: PaymentOption;
  amount: number;
  /** Lives in the page, so what the player typed survives a failed attempt. */
  form: UseFormReturnType<ManualDepositFormValues>;
  submitting: boolean;
  /** The share of the proof sent so far while it uploads (0–1), else null. */
  uploaded: number | null;
  /** Stops the proof upload; the form stays as it was. */
  onCancelUpload: () => void;
  onSubmit: (values: ManualDepositFormValues) => void;
}

/**
 * Manual flow: where to send the money, then the sending account and the proof of payment
 * (account name, account number and file required; document 1, section 5).
 */
export function ManualDepositDialog({ opened, onClose, option, amount, form, submitting, uploaded, onCancelUpload, onSubmit }: ManualDepositDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm deposit" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close the deposit dialog' }}>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          <Paper withBorder radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Image src={option.ImageLink} alt={`${option.label} account QR code`} w={72} h={72} radius="sm" bg="white" fit="contain" />
              <Stack gap={2} miw={0}>
                <Text size="sm">
                  Send <strong data-testid="deposit-confirm-amount">{formatPeso(amount)}</strong> by {option.label} to
                </Text>
                <Text fw={700}>{option.accountname}</Text>
                <Text fw={700} ff="monospace">
                  {option.accountnumber}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <Text size="sm" c="dimmed">
            Then tell us where it came from and attach the receipt. Your deposit is credited once our team checks it.
          </Text>
          <TextInput label="Account name" autoComplete="name" data-autofocus disabled={submitting} {...form.getInputProps('AccountName')} />
          <TextInput label="Account number" inputMode="numeric" autoComplete="off" disabled={submitting} {...form.getInputProps('AccountNumber')} />
          <FileInput
            label="Proof of payment"
            description="A screenshot or photo of the receipt: PNG, JPEG or WebP, up to 5 MB"
            placeholder="Choose an image"
            // Mantine's placeholder grey is below WCAG AA contrast on the dark theme.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept={PROOF_IMAGE_TYPES.join(',')}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the proof' }}
            disabled={submitting}
            {...form.getInputProps('proof')}
          />
          {uploaded !== null && <UploadProgress share={uploaded} />}
          <Group justify="flex-end" mt="xs">
            {uploaded !== null ? (
              // A large photo on a phone's connection takes a while: the player may stop it.
              <Button variant="default" onClick={onCancelUpload}>
                Cancel upload
              </Button>
            ) : (
              <Button variant="default" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              Submit deposit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function UploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {percent < 100 ? `Uploading your proof… ${percent}%` : 'Proof uploaded, sending your deposit…'}
      </Text>
      <Progress value={percent} aria-label="Proof upload" data-testid="proof-upload-progress" animated={percent < 100} />
    </Stack>
  );
}

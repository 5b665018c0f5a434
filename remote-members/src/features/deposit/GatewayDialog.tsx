import { Alert } from '@suwerte/shared/pages';
import { Anchor, Button, Group, Image, Loader, Paper, Stack, Text, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import type { GatewayCashInResponse, PaymentOption } from '@suwerte/contracts/members';
import { formatPeso } from '@suwerte/money';
import { QrDetails } from './QrDetails';
import type { GatewayPaymentState } from './use-gateway-payment';

export interface GatewayDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The method chosen on the page; none when a pending QR is reopened from the list. */
  option: PaymentOption | null;
  amount: number;
  /** The generated QR, once there is one. */
  qr: GatewayCashInResponse | null;
  generating: boolean;
  /** The failure text to show (QR generation failed, minimum amount). */
  error: string | null;
  onGenerate: () => void;
  payment: GatewayPaymentState | null;
}

/** QR flow: confirm the amount, generate the QR, then wait for the payment (document 1, section 4). */
export function GatewayDialog({ opened, onClose, option, amount, qr, generating, error, onGenerate, payment }: GatewayDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={qr ? 'Scan to pay' : 'Confirm deposit'}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close the deposit dialog' }}
    >
      {qr ? (
        <QrView qr={qr} amount={amount} payment={payment} onClose={onClose} />
      ) : (
        <Stack gap="md">
          {option && <Summary option={option} amount={amount} />}
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={generating}>
              Cancel
            </Button>
            <Button onClick={onGenerate} loading={generating} data-autofocus>
              Generate QR
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Summary({ option, amount }: { option: PaymentOption; amount: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between">
        <Text c="dimmed">Method</Text>
        <Text fw={700}>{option.label}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">Amount</Text>
        <Text fw={800} size="lg" data-testid="deposit-confirm-amount">
          {formatPeso(amount)}
        </Text>
      </Group>
    </Paper>
  );
}

function QrView({ qr, amount, payment, onClose }: { qr: GatewayCashInResponse; amount: number; payment: GatewayPaymentState | null; onClose: () => void }) {
  return (
    <Stack gap="md" align="stretch">
      <Text size="sm">
        Scan this code with your banking or e-wallet app, or open it to pay {formatPeso(amount)} on this device.
      </Text>
      <Anchor href={qr.payment_url} target="_blank" rel="noopener noreferrer" mx="auto" aria-label={`Open the payment page for ${formatPeso(amount)}`}>
        <Image src={qr.qr_image} alt={`QR code to pay ${formatPeso(amount)}`} w={240} h={240} radius="md" bg="white" p={6} />
      </Anchor>
      <PaymentStatus payment={payment} amount={amount} />
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Payment details">
        <QrDetails html={qr.qr_html} />
      </Paper>
      <Button onClick={onClose} variant={payment === 'paid' ? 'filled' : 'default'}>
        {payment === 'paid' ? 'Done' : 'Close'}
      </Button>
    </Stack>
  );
}

function PaymentStatus({ payment, amount }: { payment: GatewayPaymentState | null; amount: number }) {
  if (payment === 'paid') {
    return (
      <Alert color="green" variant="light" role="status" title="Payment received">
        {formatPeso(amount)} was added to your balance.
      </Alert>
    );
  }
  if (payment === 'expired') {
    return (
      <Alert color="red" variant="light" role="status" title="QR code expired">
        This QR code is no longer valid. Close this window and generate a new one.
      </Alert>
    );
  }
  return (
    <Group gap="xs" justify="center" wrap="nowrap" role="status" aria-live="polite">
      <Loader size="xs" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed">
        Waiting for the payment gateway to confirm your {formatPeso(amount)} payment… your balance updates by itself once it does.
      </Text>
    </Group>
  );
}

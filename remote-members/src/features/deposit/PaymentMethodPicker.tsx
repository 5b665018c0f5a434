import { Group, Image, SimpleGrid, Stack, Text } from '@suwerte/shared';
import { Radio } from '@suwerte/shared/inputs';
import { isGatewayOption, type PaymentOption } from '@suwerte/contracts/members';
import { useAfterPaint } from '@suwerte/ui';
import classes from './PaymentMethodPicker.module.css';

export interface PaymentMethodPickerProps {
  options: PaymentOption[];
  /** The chosen option's `mopname`, or null. */
  value: string | null;
  onChange: (mopname: string) => void;
}

/** The payment options from GET /mop as radio cards: label, account name and number, image. */
export function PaymentMethodPicker({ options, value, onChange }: PaymentMethodPickerProps) {
  // The logos (decorative: each card is named by its label) follow the names onto the screen, their
  // boxes held meanwhile (docs/decisions/247).
  const logos = useAfterPaint();
  return (
    <Radio.Group value={value} onChange={onChange} label="Payment method" labelProps={{ mb: 'xs' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {options.map((option) => (
          <Radio.Card key={option._id} value={option.mopname} radius="md" p="sm" className={classes.card} aria-label={option.label}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={4} />
              <Image src={logos ? option.ImageLink : undefined} alt="" w={56} h={56} radius="sm" fit="contain" bg="white" className={classes.image} />
              <Stack gap={2} miw={0}>
                <Text fw={700}>{option.label}</Text>
                <Text size="sm">{option.accountname}</Text>
                <Text size="sm" c="dimmed" className={classes.number}>
                  {option.accountnumber}
                </Text>
                {isGatewayOption(option) && (
                  <Text size="xs" c="green" fw={600}>
                    Instant: your balance updates once paid
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

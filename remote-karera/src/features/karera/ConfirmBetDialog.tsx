import { Button, Group, Stack, Text } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { kareraSideName, type KareraSide } from '@suwerte/contracts/karera';
import { formatPeso } from '@suwerte/money';

export interface ConfirmBetDialogProps {
  opened: boolean;
  /** The side being bet on. */
  pick: KareraSide | null;
  /** The stake in pesos. */
  stake: number | null;
  /** The bet is on its way: Confirm shows a spinner, Cancel waits. */
  pending: boolean;
  /** The winner is on show: the bet goes into the next round. */
  forNextRound?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Place your bet': the pick (UNO or DOS) and the stake, with Confirm and Cancel (document 2, section 2). */
export function ConfirmBetDialog({ opened, pick, stake, pending, forNextRound = false, onConfirm, onCancel }: ConfirmBetDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Place your bet" centered closeButtonProps={{ 'aria-label': 'Cancel the bet', disabled: pending }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text c="dimmed">Pick</Text>
          <Text fw={900} size="xl" data-testid="confirm-pick">
            {pick === null ? '' : kareraSideName(pick)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">Stake</Text>
          <Text fw={900} size="xl" data-testid="confirm-stake">
            {stake === null ? '' : formatPeso(stake)}
          </Text>
        </Group>
        {forNextRound && (
          <Text size="sm" data-testid="confirm-next-round">
            This bet goes into the next round; it is sent when betting opens.
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending} data-autofocus>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

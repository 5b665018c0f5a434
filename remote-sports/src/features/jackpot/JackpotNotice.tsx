import { Button, Stack, Text, useSession } from '@suwerte/shared';
import { Checkbox } from '@suwerte/shared/forms';
import { Modal } from '@suwerte/shared/overlays';
import { JACKPOT_ATTENDANCE } from '@suwerte/contracts/sports';
import { formatPeso } from '@suwerte/money';
import { useState } from 'react';

/**
 * The Grand Jackpot attendance notice (document 2, section 2): ₱5 is charged per jackpot
 * entry. Shown when a jackpot page opens until the player ticks 'Don't show this again', which
 * the session keeps in the persisted `jackpotNotice` flag (it survives a reload). It opens by
 * itself, so no control had the focus before it: `onClosed` says where the focus goes.
 */
export function JackpotNotice({ onClosed }: { onClosed: () => void }) {
  const show = useSession((state) => state.jackpotNotice);
  const setJackpotNotice = useSession((state) => state.setJackpotNotice);
  const [confirmed, setConfirmed] = useState(false);
  const [dontShow, setDontShow] = useState(false);
  const confirm = () => {
    if (dontShow) setJackpotNotice(false);
    setConfirmed(true);
  };
  return (
    <Modal
      opened={show && !confirmed}
      onClose={confirm}
      title="Grand Jackpot Attendance"
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close Grand Jackpot Attendance' }}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      <Stack gap="md">
        <Text>
          A <strong>{formatPeso(JACKPOT_ATTENDANCE)}</strong> Grand Jackpot attendance is charged per jackpot entry, on top of your stakes.
        </Text>
        <Checkbox label="Don't show this again" checked={dontShow} onChange={(event) => setDontShow(event.currentTarget.checked)} />
        <Button onClick={confirm} fullWidth>
          Confirm
        </Button>
      </Stack>
    </Modal>
  );
}

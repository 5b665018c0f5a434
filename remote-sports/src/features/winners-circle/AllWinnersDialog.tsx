import { Modal } from '@suwerte/shared/overlays';
import { useMediaQuery } from '@suwerte/shared';
import { StatusText } from '@suwerte/ui';
import { type Winner } from '@suwerte/contracts/sports';
import { WinnerList } from './WinnerList';

export interface AllWinnersDialogProps {
  /** Mount it closed, then open it: Mantine's Modal notes the element to give the focus back to when `opened` changes. */
  opened: boolean;
  onClose: () => void;
  /** null: still loading. */
  winners: readonly Winner[] | null;
}

/**
 * 'ALL BIGGEST WINNER' (document 2, section 2): every biggest winner, full screen on a phone. A chunk
 * of its own, loaded when a player asks for it: the home page does not download the dialog's code
 * (Mantine's Modal, its scroll lock and close button) for a list most visitors never open
 * (docs/decisions/139).
 */
export default function AllWinnersDialog({ opened, onClose, winners }: AllWinnersDialogProps) {
  // Read at once: the dialog mounts when it opens, and must not open centred and then jump to full screen.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="ALL BIGGEST WINNER" fullScreen={phone} centered={!phone} closeButtonProps={{ 'aria-label': 'Close ALL BIGGEST WINNER' }}>
      {winners === null ? (
        <StatusText loading>Fetching data</StatusText>
      ) : winners.length === 0 ? (
        <StatusText>No Big Winners</StatusText>
      ) : (
        <WinnerList winners={winners} label="All biggest winners" />
      )}
    </Modal>
  );
}

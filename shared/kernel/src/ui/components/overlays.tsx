import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { closeOnBackEntry } from './back-entries';

/**
 * While mounted, the browser's Back closes the overlay instead of leaving the page (and the form
 * in it): on a phone a full-screen dialog looks like a page, and Back is how a page is left.
 * Only Back/Forward (POP) is held; links and redirects still navigate. Rendered only while the
 * overlay is open, because a router takes one blocker at a time.
 */
function BackCloses({ onClose }: { onClose: () => void }) {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    onClose();
  }, [blocker, onClose]);
  return null;
}

/**
 * A full-screen overlay owns a history entry while it is open (docs/decisions/190): Back takes
 * that entry and closes it, also on the first page of a visit, where a blocker has nothing to
 * hold (Back would leave the site). The overlay removes its entry when it closes by itself.
 */
function useBackEntry(active: boolean, onClose: () => void): void {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  }, [onClose]);
  useEffect(() => (active ? closeOnBackEntry(() => latest.current()) : undefined), [active]);
}

/** Phones: where dialogs go full screen and the account drawer covers the page. */
const PHONE = '(max-width: 48em)';

/** Mantine's Modal, closed by the browser's Back while open (docs/decisions/088, 190). */
export function Modal(props: ModalProps) {
  const ownsEntry = props.fullScreen === true;
  useBackEntry(ownsEntry && props.opened, props.onClose);
  return (
    <>
      {props.opened && !ownsEntry && <BackCloses onClose={props.onClose} />}
      <MantineModal {...props} />
    </>
  );
}

/** Mantine's Drawer, closed by the browser's Back while open (docs/decisions/088, 190). */
export function Drawer(props: DrawerProps) {
  const ownsEntry = useMediaQuery(PHONE) === true;
  useBackEntry(ownsEntry && props.opened, props.onClose);
  return (
    <>
      {props.opened && !ownsEntry && <BackCloses onClose={props.onClose} />}
      <MantineDrawer {...props} />
    </>
  );
}

import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

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

/** Mantine's Modal, closed by the browser's Back while open (docs/decisions/088). */
export function Modal(props: ModalProps) {
  return (
    <>
      {props.opened && <BackCloses onClose={props.onClose} />}
      <MantineModal {...props} />
    </>
  );
}

/** Mantine's Drawer, closed by the browser's Back while open (docs/decisions/088). */
export function Drawer(props: DrawerProps) {
  return (
    <>
      {props.opened && <BackCloses onClose={props.onClose} />}
      <MantineDrawer {...props} />
    </>
  );
}

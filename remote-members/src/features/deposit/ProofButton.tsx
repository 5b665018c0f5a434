import { Button } from '@suwerte/shared';
import { lazyDialog } from '@suwerte/ui';
import { useState } from 'react';

// Closed on the deposit page's first screen: its code (and the kernel's overlays) comes with its
// first opening or an idle moment, not before the page's heading (docs/decisions/225).
const ProofDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-Proof" */ './ProofDialog').then((module) => module.ProofDialog), {
  name: 'the proof',
  open: 'opened',
  close: 'onClose',
});

export interface ProofButtonProps {
  /** The deposit's `ImageLink`. */
  link: string;
}

/** 'View proof': the deposit's proof of payment in a dialog. */
export function ProofButton({ link }: ProofButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpened(true)}>
        View proof
      </Button>
      <ProofDialog link={link} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

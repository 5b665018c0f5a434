import { Button, Center, Image, Modal, StatusText, fetchProofImage, useApiQuery, useMediaQuery } from '@suwerte/shared';
import { useState } from 'react';

export const PROOF_LOAD_FAILED = 'The proof could not be loaded. Please try again later.';

/**
 * The image as a data: URL. Not an object URL: nothing to revoke when the dialog closes (or when
 * StrictMode mounts it twice), and the cached query entry is all there is to free.
 */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable image')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

function ProofImage({ link }: { link: string }) {
  // Proofs are served to their owner and operators only: fetched with the token (an <img src>
  // cannot send one), then shown from memory.
  const proof = useApiQuery({
    queryKey: ['members', 'proof', link],
    queryFn: async () => dataUrlOf(await fetchProofImage(link)),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = proof.data;
  if (proof.isError) return <StatusText>{PROOF_LOAD_FAILED}</StatusText>;
  if (!url) return <StatusText loading>Fetching data</StatusText>;
  return (
    <Center>
      <Image src={url} alt="Proof of payment" fit="contain" mah="70vh" radius="sm" />
    </Center>
  );
}

export interface ProofButtonProps {
  /** The deposit's `ImageLink`. */
  link: string;
}

/** 'View proof': the deposit's proof of payment in a dialog. */
export function ProofButton({ link }: ProofButtonProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpened(true)}>
        View proof
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Proof of payment" fullScreen={phone} centered size="lg" closeButtonProps={{ 'aria-label': 'Close the proof' }}>
        {opened && <ProofImage link={link} />}
      </Modal>
    </>
  );
}

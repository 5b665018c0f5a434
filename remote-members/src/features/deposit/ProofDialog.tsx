import { Center, Image, useEndpointQuery, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { StatusText } from '@suwerte/ui';
import { uploadsEndpoints } from '@suwerte/contracts/members';
import { useEffect, useState } from 'react';
import { storedProofName } from './proof-upload';

export const PROOF_LOAD_FAILED = 'The proof could not be loaded. Please try again later.';

/**
 * The image as a data: URL. Not an object URL: nothing to revoke when the dialog closes (or when
 * StrictMode mounts it twice).
 */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable image')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

function ShownProof({ src }: { src: string }) {
  return (
    <Center>
      <Image src={src} alt="Proof of payment" fit="contain" mah="70vh" radius="sm" />
    </Center>
  );
}

/**
 * A proof the player API keeps: served to its owner and operators only, so fetched with the token
 * (an <img src> cannot send one), then shown from memory.
 */
function StoredProof({ name }: { name: string }) {
  const proof = useEndpointQuery(uploadsEndpoints.proofFile, { params: { name }, staleTime: Infinity, gcTime: 60_000 });
  const [shown, setShown] = useState<{ blob: Blob; url: string | null } | null>(null);
  const blob = proof.data;
  useEffect(() => {
    if (!blob) return;
    let active = true;
    dataUrlOf(blob).then(
      (url) => active && setShown({ blob, url }),
      () => active && setShown({ blob, url: null }),
    );
    return () => {
      active = false;
    };
  }, [blob]);
  const current = shown?.blob === blob ? shown : null;
  if (proof.isError || current?.url === null) return <StatusText>{PROOF_LOAD_FAILED}</StatusText>;
  if (!current?.url) return <StatusText loading>Fetching data</StatusText>;
  return <ShownProof src={current.url} />;
}

export interface ProofDialogProps {
  /** The deposit's `ImageLink`. */
  link: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Proof of payment': the deposit's proof, opened by its row's 'View proof' (ProofButton). */
export function ProofDialog({ link, opened, onClose }: ProofDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // An outside image host's link is public: shown by its URL, no token sent there.
  const name = storedProofName(link);
  return (
    <Modal opened={opened} onClose={onClose} title="Proof of payment" fullScreen={phone} centered size="lg" closeButtonProps={{ 'aria-label': 'Close the proof' }}>
      {opened && (name ? <StoredProof name={name} /> : <ShownProof src={link} />)}
    </Modal>
  );
}

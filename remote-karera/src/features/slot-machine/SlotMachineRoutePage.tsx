import { Anchor, Center, Loader, Stack, Text, useSession } from '@suwerte/shared';
import { LAUNCH_FAILED_TEXT } from '@suwerte/ui/launch';
import { useEffect, useState } from 'react';
import { leaveFor, slotMachineUrl } from './launch';

/**
 * `/SlotMachineRoute`: the slot machine launcher (Lucky Keno). Opened in a new tab by the
 * e-games cards; it sends that tab on to the external slot game with an access token for this
 * launch and nothing else (document 1's route table; document 2, sections 2 and 6).
 */
export function SlotMachineRoutePage() {
  // Signed in or not, not the token itself: a renewal (a new token of the same session) launches nothing again.
  const signedIn = useSession((state) => state.user.token !== null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    slotMachineUrl().then(
      (target) => {
        if (cancelled || !target) return;
        setUrl(target);
        leaveFor(target);
      },
      () => {
        // An ended session was signed out by the API client; anything else may pass on a retry.
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        {!failed && <Loader aria-hidden />}
        <Text fw={700}>Opening Lucky Keno…</Text>
        {failed && <Text>{LAUNCH_FAILED_TEXT}</Text>}
        {url && (
          <Anchor href={url} size="sm">
            Not opening? Continue to the game
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}

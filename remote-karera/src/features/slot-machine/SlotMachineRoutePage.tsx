import { Anchor, Center, Loader, Stack, Text, useSession } from '@suwerte/shared';
import { useEffect, useState } from 'react';
import { leaveFor, slotMachineUrl } from './launch';

/**
 * `/SlotMachineRoute`: the slot machine launcher (Lucky Keno). Opened in a new tab by the
 * e-games cards; it sends that tab on to the external slot game with the player's access token
 * and game type 300 (document 2, sections 2 and 6).
 */
export function SlotMachineRoutePage() {
  const token = useSession((state) => state.user.token);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void slotMachineUrl(token).then((target) => {
      if (cancelled || !target) return;
      setUrl(target);
      leaveFor(target);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text fw={700}>Opening Lucky Keno…</Text>
        {url && (
          <Anchor href={url} size="sm">
            Not opening? Continue to the game
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}

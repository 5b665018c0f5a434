import { kareraSideName } from '@suwerte/contracts/karera';
import { Paper, Text, useNow } from '@suwerte/shared';
import type { KareraState } from './karera-store';

/** What the round is doing now, with the seconds left in the phase (not live: the alerts announce changes). */
export function PhaseBanner({ game }: { game: Pick<KareraState, 'phase' | 'phaseEndsAt' | 'winner' | 'connection'> }) {
  // Twice a second: the countdown and the race move smoothly.
  const now = useNow(500);
  const seconds = game.phaseEndsAt === null ? 0 : Math.max(0, Math.ceil((game.phaseEndsAt - now) / 1000));

  // A non-breaking space keeps "(10 s)" on one line on a phone.
  const left = `${seconds}\u00a0s`;
  let text: string;
  if (game.connection !== 'live') text = game.connection === 'connecting' ? 'Connecting to the game…' : 'Connection lost — reconnecting…';
  else if (game.phase === 'betting') text = `Betting open — ${left} left`;
  else if (game.phase === 'closed') text = `Betting closed — the race is on (${left})`;
  else if (game.phase === 'result' && game.winner) text = `${kareraSideName(game.winner)} wins! Next round in ${left}`;
  else text = 'Waiting for the next round…';

  return (
    <Paper withBorder radius="md" px="md" py="xs" data-testid="karera-phase" data-phase={game.phase ?? 'none'}>
      {/* A phone's size keeps the longest line ("Betting closed — the race is on (10 s)") on one
          line down to 360 px: a banner growing a line between phases would push the race and the
          cards down mid-round. */}
      <Text fw={700} ta="center" fz={{ base: 'sm', sm: 'md' }}>
        {text}
      </Text>
    </Paper>
  );
}

import { kareraSideName, type KareraSide } from '@suwerte/contracts/karera';
import { useNow } from '@suwerte/shared';
import type { KareraState } from './karera-store';
import classes from './RaceTrack.module.css';

/** Where a runner is, as a share of the lane, and how long it takes to get there. */
function positionOf(side: KareraSide, game: Pick<KareraState, 'phase' | 'phaseEndsAt' | 'winner'>, now: number): { left: number; ms: number } {
  if (game.phase === 'closed') {
    // The race runs while betting is closed; who leads is only known at DeclareWinner.
    return { left: side === 1 ? 0.86 : 0.84, ms: Math.max(0, (game.phaseEndsAt ?? now) - now) };
  }
  if (game.phase === 'result' && game.winner) return { left: game.winner === side ? 1 : 0.9, ms: 600 };
  return { left: 0, ms: 400 };
}

/** Two lanes, Uno and Dos, racing while betting is closed; the winner crosses the line first. */
export function RaceTrack({ game }: { game: Pick<KareraState, 'phase' | 'phaseEndsAt' | 'winner'> }) {
  // A running transition keeps the duration it started with; later ticks do not disturb it.
  // Twice a second: the countdown and the race move smoothly.
  const now = useNow(500);
  return (
    <div className={classes.track} role="img" aria-label={game.phase === 'result' && game.winner ? `${kareraSideName(game.winner)} crosses the finish line first` : 'Race track: UNO and DOS'}>
      {([1, 2] as const).map((side) => {
        const { left, ms } = positionOf(side, game, now);
        return (
          <div key={side} className={classes.lane}>
            <span
              className={classes.runner}
              data-side={kareraSideName(side)}
              style={{ left: `calc((100% - 30px) * ${left})`, transitionDuration: `${ms}ms` }}
            >
              {side}
            </span>
          </div>
        );
      })}
    </div>
  );
}

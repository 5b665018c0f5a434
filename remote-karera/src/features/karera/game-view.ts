import type { KareraState } from './karera-store';

/**
 * Cards are dimmed while betting is closed (document 2, section 4) — and while offline or
 * between rounds. DeclareWinner lifts the dimming to show the flipped winner; bets open again
 * with the next startbetting.
 */
export function isDimmed(game: Pick<KareraState, 'connection' | 'phase'>): boolean {
  return game.connection !== 'live' || game.phase === 'closed' || game.phase === null;
}

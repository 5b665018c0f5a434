import { fromCentavos, toCentavos } from '@suwerte/money';
import { kareraWinPayoutCentavos } from '@suwerte/contracts/karera';

/**
 * What a stake on a side returns if that side wins, at the current totals (pesos in and out),
 * with the same formula the game server settles with. The broadcast totals can trail the
 * player's own bet by a moment, so the side's total is never taken below the stake.
 */
export function payoutIfWins(stake: number, sideTotal: number, otherTotal: number): number {
  const stakeCentavos = toCentavos(stake);
  if (stakeCentavos <= 0) return 0;
  const winning = Math.max(toCentavos(sideTotal), stakeCentavos);
  return fromCentavos(kareraWinPayoutCentavos(stakeCentavos, winning, Math.max(0, toCentavos(otherTotal))));
}

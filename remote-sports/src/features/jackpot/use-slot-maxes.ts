import { callEndpoint } from '@suwerte/shared';
import { sportsEndpoints, type JackpotKind } from '@suwerte/contracts/sports';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface SlotPick {
  slot1: number | null;
  slot2: number | null;
  quarter: number;
}

const keyOf = ({ slot1, slot2, quarter }: SlotPick): string | null => (slot1 === null || slot2 === null ? null : `${quarter}:${slot1}${slot2}`);

/**
 * What is still available on one slot pair and quarter: the Grand's call of the spec
 * (`POST /monitoring/available/jackpot/{endingId}`, the first item of the first list), and our
 * GET for Major and Minor (decision 060).
 */
async function fetchMax(kind: JackpotKind, endingId: string, slot: { slot1: number; slot2: number; quarter: number }): Promise<number | null> {
  if (kind === 'grand') {
    const lists = await callEndpoint(sportsEndpoints.jackpotAvailability, { params: { id: endingId }, body: { bets: [[slot]] } });
    return lists[0]?.[0] ?? null;
  }
  const answer = await callEndpoint(sportsEndpoints.slotAvailability, { params: { endingId }, query: slot });
  return answer.max;
}

/**
 * Each row's max, in row order: fetched for the combination, quarter and game when a row's
 * combination is chosen (document 2, section 5), kept per slot so linked rows and a row chosen
 * again ask once. A max not yet known (or whose call failed) is null; `forget` drops them all,
 * after a bet has used some of what was available.
 */
export function useSlotMaxes(kind: JackpotKind, endingId: string | null, picks: readonly SlotPick[]): { maxes: (number | null)[]; forget: () => void } {
  const [known, setKnown] = useState<Record<string, number>>({});
  const asked = useRef(new Set<string>());
  // Answers asked before the last `forget` describe what was available before a bet: dropped.
  const generation = useRef(0);
  const [round, setRound] = useState(0);
  const slotsKey = picks.map(keyOf).join('|');

  useEffect(() => {
    if (!endingId) return;
    const asOf = generation.current;
    for (const pick of picks) {
      const key = keyOf(pick);
      if (key === null || pick.slot1 === null || pick.slot2 === null || asked.current.has(`${endingId}/${key}`)) continue;
      const asking = `${endingId}/${key}`;
      asked.current.add(asking);
      fetchMax(kind, endingId, { slot1: pick.slot1, slot2: pick.slot2, quarter: pick.quarter }).then(
        (max) => {
          if (asOf !== generation.current || max === null) return;
          setKnown((before) => ({ ...before, [asking]: max }));
        },
        // A failed call leaves the max unknown (the server still refuses what is beyond it) and
        // lets the next change of the row ask again.
        () => asked.current.delete(asking),
      );
    }
    // `slotsKey` is `picks` by value: a new array with the same picks asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, endingId, slotsKey, round]);

  const forget = useCallback(() => {
    generation.current += 1;
    asked.current.clear();
    setKnown({});
    setRound((value) => value + 1);
  }, []);

  const maxes = picks.map((pick) => {
    const key = keyOf(pick);
    return key === null || !endingId ? null : (known[`${endingId}/${key}`] ?? null);
  });
  return { maxes, forget };
}

import { useEffect, useState } from 'react';

/** `setTimeout` takes at most 2^31 − 1 ms (~24.8 days); a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The current time, read again only when the next moment `nextChange` names has passed: for a
 * page whose display changes at known instants (a tip-off, midnight in Manila) and not in
 * between, so it is redrawn then instead of every second (docs/decisions/136). `nextChange(now)`
 * answers the first instant after `now` at which something changes, or null for never.
 */
export function useTimeAt(nextChange: (now: number) => number | null): number {
  const [now, setNow] = useState(Date.now);
  const next = nextChange(now);
  useEffect(() => {
    if (next === null) return;
    // A few ms past the instant, so the clock reads it as passed.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 5, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

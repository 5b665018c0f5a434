import { useEffect, useState } from 'react';

/**
 * The current time in ms, updated every `everyMs` and aligned to the clock's own second, so a
 * live clock and every countdown on the page change at the same moment.
 */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // A few ms past the boundary, so the new second has really begun when we read the clock.
      timer = setTimeout(tick, everyMs - (Date.now() % everyMs) + 5);
    };
    const tick = () => {
      setNow(Date.now());
      schedule();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [everyMs]);
  return now;
}

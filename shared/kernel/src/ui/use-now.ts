import { useState, useSyncExternalStore } from 'react';

/**
 * One clock per interval for the whole page: a single timer, aligned to the clock's own boundary,
 * sets the time for every component that reads it, so a live clock and every countdown change in
 * one render, and a page that reads the clock in a few small components redraws only those
 * (docs/decisions/136). The timer runs only while someone reads that clock.
 */
interface Clock {
  /** The time of the last tick (0 before the first). */
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(everyMs: number): Clock {
  const existing = clocks.get(everyMs);
  if (existing) return existing;
  const schedule = () => {
    // A few ms past the boundary, so the new second has really begun when we read the clock.
    clock.timer = setTimeout(tick, everyMs - (Date.now() % everyMs) + 5);
  };
  const tick = () => {
    clock.now = Date.now();
    schedule();
    for (const listener of [...clock.listeners]) listener();
  };
  const clock: Clock = {
    now: 0,
    listeners: new Set(),
    timer: undefined,
    subscribe: (listener) => {
      clock.listeners.add(listener);
      if (clock.timer === undefined) schedule();
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0) {
          clearTimeout(clock.timer);
          clock.timer = undefined;
          clock.now = 0;
        }
      };
    },
    read: () => clock.now,
  };
  clocks.set(everyMs, clock);
  return clock;
}

/**
 * The current time in ms, updated every `everyMs` and aligned to the clock's own second, so a
 * live clock and every countdown on the page change at the same moment. Read it in the component
 * that shows the time, not in the page around it: every reader redraws on every tick.
 */
export function useNow(everyMs = 1000): number {
  // A component drawn between two ticks starts from its own first render, not the last tick.
  const [firstRender] = useState(Date.now);
  const clock = clockOf(everyMs);
  return Math.max(firstRender, useSyncExternalStore(clock.subscribe, clock.read));
}

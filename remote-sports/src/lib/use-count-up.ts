import { useReducedMotion } from '@suwerte/shared';
import { useEffect, useRef, useState } from 'react';

/** How long the jackpot banner takes to count up to a new amount (docs/decisions/073-jackpot-count-up.md). */
export const COUNT_UP_MS = 1200;

/** Fast at first, settling gently on the amount. */
const easeOutCubic = (t: number): number => 1 - (1 - t) ** 3;

/**
 * A number that counts up (or down) to `target` over `durationMs`, from 0 at first and from the
 * amount shown before when the target changes (a poll bringing a new jackpot). With
 * `prefers-reduced-motion` the target shows at once. Whole centavos on every frame.
 */
export function useCountUp(target: number | null, durationMs = COUNT_UP_MS): number | null {
  // Read synchronously: a player who asked for less motion never sees a first animated frame.
  const reduced = useReducedMotion(false, { getInitialValueInEffect: false });
  const initial = reduced ? target : target === null ? null : 0;
  const [value, setValue] = useState<number | null>(initial);
  // What is on screen, for the next count to start from without re-running on every frame.
  const shown = useRef(initial);

  useEffect(() => {
    if (target === null) return;
    const show = (next: number) => {
      shown.current = next;
      setValue(next);
    };
    const from = shown.current ?? 0;
    if (reduced || durationMs <= 0 || from === target) {
      show(target);
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (time: number) => {
      start ??= time;
      const progress = Math.min(1, (time - start) / durationMs);
      show(progress === 1 ? target : Math.round((from + (target - from) * easeOutCubic(progress)) * 100) / 100);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, reduced, durationMs]);

  return value;
}

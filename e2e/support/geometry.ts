import type { Locator } from '@playwright/test';

/** An element's box in the viewport, as the browser lays it out. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const rectOf = (locator: Locator): Promise<Rect> =>
  locator.evaluate((element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });

/** Whether two boxes share any area (touching edges do not count). */
export const overlaps = (a: Rect, b: Rect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

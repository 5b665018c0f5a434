// Text contrast measured on the rendered page: axe cannot judge text over a gradient or an image,
// so the pixels are compared. Each text is drawn once as it is and once with its glyphs made
// transparent; the pixel that changed most is the text's colour as the player sees it (opacity,
// filters and blending included), and the worst ratio against every pixel left behind the text
// (the same box, text hidden) is the text's contrast.
import type { Locator, Page } from '@playwright/test';

export interface MeasuredText {
  name: string;
  locator: Locator;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const HIDE_ATTRIBUTE = 'data-contrast-hide';
const HIDE_STYLE = `[${HIDE_ATTRIBUTE}], [${HIDE_ATTRIBUTE}] * { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }`;

/**
 * The contrast of each text against what is behind it, from two screenshots of `region` (which
 * must hold every text) taken back to back. Returns `{ name: ratio }`.
 */
export async function measuredContrasts(page: Page, region: Locator, texts: readonly MeasuredText[]): Promise<Record<string, number>> {
  // The two screenshots must show the texts where their boxes were read: a page that moved
  // meanwhile (a line above that wrapped anew) is shot again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = await layout(page, region, texts);
    const style = await page.addStyleTag({ content: HIDE_STYLE });
    const shown = await page.screenshot({ clip: before.region, animations: 'disabled' });
    for (const text of texts) await text.locator.evaluate((element, name) => element.setAttribute(name, ''), HIDE_ATTRIBUTE);
    const hidden = await page.screenshot({ clip: before.region, animations: 'disabled' });
    for (const text of texts) await text.locator.evaluate((element, name) => element.removeAttribute(name), HIDE_ATTRIBUTE);
    await style.evaluate((element) => element.parentNode?.removeChild(element));
    const after = await layout(page, region, texts);
    if (sameLayout(before, after)) return compare(page, texts, shown, hidden, before);
  }
  throw new Error('the measured region kept moving');
}

interface Layout {
  region: Box;
  /** Each text's box, relative to the region. */
  boxes: Box[];
}

/** The same to the pixel. */
const sameLayout = (a: Layout, b: Layout) => {
  const pixels = ({ region, boxes }: Layout) => JSON.stringify([region, ...boxes].map((box) => [box.x, box.y, box.width, box.height].map(Math.round)));
  return pixels(a) === pixels(b);
};

/** Where the region and its texts are; the region wholly in the viewport (a screenshot is cut to it). */
async function layout(page: Page, region: Locator, texts: readonly MeasuredText[]): Promise<Layout> {
  await region.scrollIntoViewIfNeeded();
  const regionBox = await region.boundingBox();
  if (!regionBox) throw new Error('the measured region is not on screen');
  const viewport = page.viewportSize();
  if (viewport && (regionBox.x < 0 || regionBox.y < 0 || regionBox.x + regionBox.width > viewport.width || regionBox.y + regionBox.height > viewport.height)) {
    throw new Error(`the measured region (${JSON.stringify(regionBox)}) is not wholly in the viewport`);
  }
  const boxes: Box[] = [];
  for (const text of texts) {
    const box = await text.locator.boundingBox();
    if (!box) throw new Error(`${text.name} is not on screen`);
    boxes.push({ x: box.x - regionBox.x, y: box.y - regionBox.y, width: box.width, height: box.height });
  }
  return { region: regionBox, boxes };
}

/** The contrast of each text from the two screenshots. */
async function compare(page: Page, texts: readonly MeasuredText[], shown: Buffer, hidden: Buffer, { region: regionBox, boxes }: Layout): Promise<Record<string, number>> {
  const ratios = await page.evaluate(
    async ({ shownPng, hiddenPng, boxes: textBoxes, width }) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [withText, withoutText] = [await pixels(shownPng), await pixels(hiddenPng)];
      const scale = withText.width / width;
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (data: Uint8ClampedArray, at: number) => 0.2126 * channel(data[at] ?? 0) + 0.7152 * channel(data[at + 1] ?? 0) + 0.0722 * channel(data[at + 2] ?? 0);
      const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return textBoxes.map((box) => {
        const x0 = Math.max(0, Math.floor(box.x * scale));
        const y0 = Math.max(0, Math.floor(box.y * scale));
        const x1 = Math.min(withText.width, Math.ceil((box.x + box.width) * scale));
        const y1 = Math.min(withText.height, Math.ceil((box.y + box.height) * scale));
        // The text's colour: where drawing it changed the pixel most.
        let text = -1;
        let strongest = 1;
        const behind: number[] = [];
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) {
            const at = (y * withText.width + x) * 4;
            const background = luminance(withoutText.data, at);
            behind.push(background);
            const change = ratio(luminance(withText.data, at), background);
            if (change > strongest) {
              strongest = change;
              text = luminance(withText.data, at);
            }
          }
        }
        // No pixel changed: the text is not drawn at all (it vanished).
        if (text < 0) return 1;
        let worst = Number.POSITIVE_INFINITY;
        for (const background of behind) worst = Math.min(worst, ratio(text, background));
        return worst;
      });
    },
    { shownPng: shown.toString('base64'), hiddenPng: hidden.toString('base64'), boxes, width: regionBox.width },
  );
  return Object.fromEntries(texts.map((text, index) => [text.name, Math.round((ratios[index] ?? 0) * 100) / 100]));
}

/** Every text of `measured` at 4.5:1 or more (WCAG AA for normal text). */
export function belowAA(measured: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(measured).filter(([, ratio]) => ratio < 4.5));
}

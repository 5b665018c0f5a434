import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 14: the E-Games hub's art is not cropped on a desktop — each card's picture is shown whole.
test.use({ viewport: { width: 1440, height: 900 } });

test('every E-Games card shows its whole picture on a desktop: natural ratio, nothing clipped', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/Egames');
  await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
  const art = page.getByRole('main').locator('img');
  await expect(art).toHaveCount(2);
  await expect.poll(() => art.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);

  const shown = await art.evaluateAll((images) =>
    images.map((element) => {
      const image = element as HTMLImageElement;
      const box = image.getBoundingClientRect();
      // Every ancestor that clips its content (the card's rounded, overflow-hidden box).
      const clippedBy: string[] = [];
      for (let parent = image.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5) clippedBy.push(parent.className);
      }
      return {
        src: image.currentSrc,
        natural: image.naturalWidth / image.naturalHeight,
        rendered: image.clientWidth / image.clientHeight,
        fit: getComputedStyle(image).objectFit,
        clippedBy,
      };
    }),
  );
  for (const picture of shown) {
    // With the box at the picture's own ratio neither 'cover' nor 'fill' cuts or stretches it.
    expect(picture.rendered, `${picture.src} rendered at ${picture.rendered.toFixed(2)}:1, drawn at ${picture.natural.toFixed(2)}:1`).toBeCloseTo(picture.natural, 2);
    expect(['contain', 'cover', 'fill', 'scale-down']).toContain(picture.fit);
    expect(picture.clippedBy, `${picture.src} is cut by an overflow-hidden ancestor`).toEqual([]);
  }
  await page.screenshot({ path: '/tmp/wt15-shots/egames-desktop.png', fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the E-Games cards stack, each picture full width at its own ratio', async ({ page, loginAs }) => {
    await loginAs(DEMO, '/Egames');
    const art = page.getByRole('main').locator('img');
    await expect(art).toHaveCount(2);
    await expect.poll(() => art.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const ratios = await art.evaluateAll((images) => images.map((image) => [(image as HTMLImageElement).naturalWidth / (image as HTMLImageElement).naturalHeight, image.clientWidth / image.clientHeight]));
    for (const [natural = 0, rendered = 0] of ratios) expect(rendered).toBeCloseTo(natural, 2);
    await page.screenshot({ path: '/tmp/wt15-shots/egames-phone.png', fullPage: true });
  });
});

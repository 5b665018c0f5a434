import { landingPageCode, resetLandingPage, whenLandingPageShown } from './landing-page';

describe('the landing page', () => {
  afterEach(() => resetLandingPage());

  it('is on the screen once its code is in and a paint is presented, not before', async () => {
    let codeIn: () => void = () => undefined;
    landingPageCode(new Promise<void>((resolve) => (codeIn = resolve)));
    let shown = false;
    const waiting = whenLandingPageShown().then(() => {
      shown = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown).toBe(false);
    codeIn();
    await waiting;
    expect(shown).toBe(true);
  });

  it('counts the page landed on: a later page’s code does not move it; a failed load is shown too (its panel)', async () => {
    landingPageCode(Promise.reject(new Error('chunk failed')));
    landingPageCode(new Promise(() => undefined));
    await expect(whenLandingPageShown()).resolves.toBeUndefined();
  });

  it('is the next paint when the page landed on is the shell’s own', async () => {
    await expect(whenLandingPageShown()).resolves.toBeUndefined();
  });
});

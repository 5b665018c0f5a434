import { watch } from '@suwerte/ui/testing';
import { LANDING_CODE_WAIT_MS, landingPageCode, resetLandingPage, whenLandingPageShown } from './landing-page';

describe('the landing page', () => {
  afterEach(() => {
    resetLandingPage();
    vi.useRealTimers();
  });

  it('on a deep link, is on the screen once the warm-up’s page code is in and a paint is presented, not before', async () => {
    resetLandingPage('/members/deposit');
    const shown = watch(whenLandingPageShown());
    let codeIn: () => void = () => undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Asked before the warm-up has handed its code over: it waits for it.
    landingPageCode(new Promise<void>((resolve) => (codeIn = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown.done).toBe(false);
    codeIn();
    await vi.waitFor(() => expect(shown.done).toBe(true));
  });

  it('counts the first code handed over; a failed load is shown too (its panel)', async () => {
    resetLandingPage('/Lotto');
    landingPageCode(Promise.reject(new Error('chunk failed')));
    landingPageCode(new Promise(() => undefined));
    await expect(whenLandingPageShown()).resolves.toBeUndefined();
  });

  it('goes on when no code is handed over in time (the warm-up did not run)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetLandingPage('/Lotto');
    const shown = watch(whenLandingPageShown());
    await vi.advanceTimersByTimeAsync(LANDING_CODE_WAIT_MS - 10);
    expect(shown.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(shown.done).toBe(true));
  });

  it('on /, the shell’s own page, is the next paint', async () => {
    resetLandingPage('/');
    await expect(whenLandingPageShown()).resolves.toBeUndefined();
  });
});

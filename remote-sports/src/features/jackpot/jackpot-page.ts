// The jackpot pages' own texts and settings (document 2, section 8): the browser's alone, so they
// ship with this remote (docs/decisions/153). The texts the player API also words its answers with —
// the refusals, "Bet Placed Successfully" — are @suwerte/contracts/sports' JACKPOT_TEXTS.

/** The spec's texts only the pages show, verbatim. */
export const JACKPOT_PAGE_TEXTS = {
  failed: 'Bet Failed - Please try again',
  updateFailed: 'Bet Update Failed - Please try again',
  noData: 'NO DATA FOUND',
  fetchingBets: 'fetching bets...',
  noActiveBets: 'No Active Bets',
} as const;

/** The quick amounts under a row's amount, in pesos. */
export const JACKPOT_QUICK_AMOUNTS = [10, 20, 50, 100, 500, 1000] as const;
/** The rows a fresh form starts with: Minor quarters 1, 2; Major and Grand 1, 2, 3 (Grand fixed, plus Q4). */
export const JACKPOT_DEFAULT_QUARTERS = { minor: [1, 2], major: [1, 2, 3], grand: [1, 2, 3, 4] } as const;
/** The submit button is re-enabled 1.5 s after a submit. */
export const SUBMIT_REENABLE_MS = 1_500;

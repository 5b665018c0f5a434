import { ENDING_LAUNCH, GAME_STATUS, OVERTIME_QUARTER, QUARTERS, statusBadge, sportsEndpoints } from '@suwerte/contracts';
import type { Q } from '../../db/tables';
import { escapeHtml } from '../../lib/html';
import { MARKET_LABELS, findMarket, loadGame, type MarketKind } from '../sports/games';

/**
 * The betting form of the basketball pages of the game-site stand-in (decision 066): it shows
 * the match the launch named and posts the player's bet to `POST /bet/game/:id` with the
 * access token the launch passed, so every kind of game the site launches can be bet and
 * settled on one machine.
 */


/** JSON for an inline script: no `</script>` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The stand-in pages each sports launch lands on, and the markets they take. */
const PAGE_MARKETS: Record<string, readonly MarketKind[]> = {
  ending: ['ending'],
  endingwq: ['endingwq', 'endingwqr'],
  teambetting: ['teambetting'],
  ftts: ['ftts'],
  oddeven: ['oddeven'],
};

export const isSportsPage = (game: string): boolean => game in PAGE_MARKETS;


const select = (name: string, label: string, options: readonly [number, string][]) =>
  `<label>${escapeHtml(label)} <select name="${name}" required>${options.map(([value, text]) => `<option value="${value}">${escapeHtml(text)}</option>`).join('')}</select></label>`;
const digits = (name: string, label: string) => select(name, label, Array.from({ length: 10 }, (_, digit) => [digit, String(digit)] as [number, string]));
const quarters = select(
  'quarter',
  'Quarter',
  Array.from({ length: QUARTERS }, (_, index) => [index + 1, `Q${index + 1}`] as [number, string]),
);

export interface SportsFormInput {
  q: Q;
  game: string;
  query: Record<string, string | undefined>;
  token: string;
  publicUrl: string;
  /** Filled in with a fresh nonce by the caller's Content-Security-Policy. */
  nonce: string;
}

/** The match and the betting form for a sports page, or a message when the id names nothing there. */
export async function sportsSection(input: SportsFormInput): Promise<string> {
  const id = input.query.id ?? '';
  const market = /^[0-9a-f]{24}$/.test(id) ? await findMarket(input.q, id) : null;
  const game = market && market.quarter === 0 && PAGE_MARKETS[input.game]?.includes(market.kind) ? await loadGame(input.q, market.gameId) : null;
  if (!market || !game) return `<p class="bad" data-testid="sports-game">No basketball game with this id.</p>`;

  const kind = market.kind;
  const overtime = kind === 'ending' && input.query.type === String(ENDING_LAUNCH.overtime);
  const team1 = escapeHtml(game.team1.TeamName);
  const team2 = escapeHtml(game.team2.TeamName);
  const state = game.row.status === GAME_STATUS.COMPLETED ? 'Completed' : (statusBadge(game.row.status) ?? 'Not started');
  const title = overtime ? 'Overtime' : MARKET_LABELS[kind];
  let fields: string;
  let picks: string[];
  switch (kind) {
    case 'ending':
    case 'endingwq':
    case 'endingwqr':
      fields = `${digits('slot1', `${game.team1.Acronym} digit`)}${digits('slot2', `${game.team2.Acronym} digit`)}${overtime ? `<input type="hidden" name="quarter" value="${OVERTIME_QUARTER}">` : quarters}`;
      picks = ['slot1', 'slot2', 'quarter'];
      break;
    case 'oddeven':
      fields = `${select('pick', 'Points in the quarter', [
        [0, 'Odd'],
        [1, 'Even'],
      ])}${quarters}`;
      picks = ['pick', 'quarter'];
      break;
    case 'ftts':
      fields = `${select('pick', 'Scores first', [
        [0, game.team1.TeamName],
        [1, game.team2.TeamName],
      ])}${quarters}`;
      picks = ['pick', 'quarter'];
      break;
    case 'teambetting':
      fields = `${select('pick', 'Winner', [
        [0, game.team1.TeamName],
        [1, game.team2.TeamName],
      ])}<label>Wins by more than <input name="digits" type="number" min="0" max="99" value="0" required> points</label>`;
      picks = ['pick', 'digits'];
      break;
  }
  const url = `${input.publicUrl}${sportsEndpoints.placeSportsBet.path.replace(':id', id)}`;
  return `<section aria-labelledby="bet-title">
<h2 id="bet-title">${escapeHtml(title)}: ${team1} vs ${team2}</h2>
<p data-testid="sports-game">${escapeHtml(game.team1.Acronym)} vs ${escapeHtml(game.team2.Acronym)} · ${escapeHtml(state)}</p>
<form id="bet-form" data-picks="${picks.join(',')}">
${fields}
<label>Amount (₱) <input name="amount" type="number" min="10" step="1" value="10" required></label>
<button type="submit">Place bet</button>
</form>
<p role="status" data-testid="bet-result"></p>
</section>
<script nonce="${input.nonce}">
(() => {
  const form = document.getElementById('bet-form');
  const result = document.querySelector('[data-testid="bet-result"]');
  const button = form.querySelector('button');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const picks = form.dataset.picks.split(',').map((name) => Number(data.get(name)));
    button.disabled = true;
    result.textContent = 'Placing bet…';
    try {
      const response = await fetch(${scriptJson(url)}, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + ${scriptJson(input.token)} },
        body: JSON.stringify({ BetDetails: [picks], Amount: Number(data.get('amount')) }),
      });
      const answer = await response.json();
      // This page's own script cannot import the money module: formatPeso's format (PHP, en-US), written out.
      const balance = response.ok ? new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(answer.Balance) : '';
      result.textContent = response.ok ? answer.message + ' · Balance ' + balance : answer.message;
      result.className = response.ok ? 'ok' : 'bad';
    } catch {
      result.textContent = 'Bet Failed - Please try again';
      result.className = 'bad';
    } finally {
      button.disabled = false;
    }
  });
})();
</script>`;
}

import { seriousViolations } from '../../support/axe';
import { jackpotEndpoints } from '@suwerte/contracts';
import { OPERATOR, callApi, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { activeSchedules, jackpotGrand, lottoGameLabel, lottoResults, resultText } from './lotto-api';
import { formatPeso } from '@suwerte/money';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The Philippine calendar day of an instant (UTC+8), as 'YYYY-MM-DD'. */
const manilaDay = (iso: string | number) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Total seconds left, read from a countdown's accessible name. */
function secondsLeft(label: string | null): number {
  const match = /^Draw in (\d+) days?, (\d+) hours?, (\d+) minutes?, (\d+) seconds?$/.exec(label ?? '');
  if (!match) throw new Error(`not a countdown: ${label}`);
  const [, d, h, m, s] = match.map(Number) as [number, number, number, number, number];
  return ((d * 24 + h) * 60 + m) * 60 + s;
}


test('the Lotto page shows the real draws: labels, Today or weekday, countdowns, Draw completed', async ({ page, loginAs }) => {
  const player = await registerPlayer('lotto');
  const schedules = await activeSchedules(player);
  await loginAs(player, '/Lotto');
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
  await expect(page.getByTestId('lotto-clock')).toHaveText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/);

  // The demo calendar always has every game, a finished draw today and one still to come.
  expect(new Set(schedules.map((schedule) => schedule.GameType))).toEqual(new Set([42, 45, 49, 55, 58, 131, 200]));
  const cards = page.getByTestId('lotto-schedule-card');
  await expect(cards).toHaveCount(schedules.length);
  await expect(cards.getByRole('heading')).toHaveText(schedules.map((schedule) => lottoGameLabel(schedule.GameType)));

  const today = manilaDay(Date.now());
  const dates = await cards.getByTestId('draw-date').allTextContents();
  schedules.forEach((schedule, index) => {
    const text = dates[index] ?? '';
    if (manilaDay(schedule.Schedule) === today) expect(text).toMatch(/^Today, [A-Z][a-z]+ \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    else expect(text).toMatch(new RegExp(`^${WEEKDAYS[new Date(new Date(schedule.Schedule).getTime() + 8 * 3_600_000).getUTCDay()]}, `));
    // EZ 2 draws at 2PM, 5PM and 9PM Philippine time.
    if (schedule.GameType === 131) expect(text).toMatch(/, (2|5|9):00 PM$/);
  });

  const finished = schedules.filter((schedule) => Date.parse(schedule.Schedule) <= Date.now());
  expect(finished.length).toBeGreaterThan(0);
  await expect(cards.filter({ has: page.getByTestId('draw-completed') })).toHaveCount(finished.length);
  await expect(cards.filter({ has: page.getByText('Draw completed') }).getByRole('button').first()).toBeDisabled();
  await expect(cards.filter({ has: page.getByRole('timer') })).toHaveCount(schedules.length - finished.length);
  expect(schedules.length - finished.length).toBeGreaterThan(0);
});

test('the jackpot is the first element of GET /jackpot with the 5-peso add-on, and the rules state every odd', async ({ page, loginAs }) => {
  await loginAs(await registerPlayer('lotto'), '/Lotto');
  await expect(page.getByTestId('lotto-jackpot')).toHaveText(formatPeso(await jackpotGrand()));
  await expect(page.getByTestId('lotto-jackpot-add-on')).toHaveText('+ ₱5.00 add-on');

  const rules = page.getByRole('region', { name: 'Game Rules' });
  await expect(rules.getByRole('button')).toHaveText(['PICK 3', 'PICK 12', 'MEGAMILLIONS', 'EZ 2']);
  for (const name of ['PICK 3', 'PICK 12', 'MEGAMILLIONS', 'EZ 2']) await rules.getByRole('button', { name, exact: true }).click();
  const odds = (caption: string) => rules.getByRole('table', { name: caption }).getByRole('row');
  await expect(odds('Pick 3 odds')).toHaveText(['GameOdds (bet multiplier)', '6/42x280', '6/45x300', '6/49x330', '6/55x360', '6/58x380']);
  await expect(odds('Pick 12 odds')).toHaveText(['GameOdds (bet multiplier)', '6/42x1500', '6/45x1800', '6/49x2000', '6/55x2300', '6/58x2450']);
  await expect(odds('Mega Millions odds')).toHaveText(['GameOdds (bet multiplier)', '3 whitex480', '1 white + yellowx3', '2 white + yellowx10']);
  await expect(odds('EZ 2 odds')).toHaveText(['GameOdds (bet multiplier)', 'Straight (exact order)x490', 'Rambolito (any order)x245']);
  await expect(rules).toContainText('Pick 3 jackpot on 4 of 6.');
  await expect(rules).toContainText('Pick 3, or 5 white plus 1 yellow.');
  await expect(rules).toContainText('Pick 2 numbers from 1 to 31. Draws at 2PM, 5PM and 9PM (Philippine time).');
  await expect(rules.getByText('Bet amount chips: ₱10, ₱20, ₱50, ₱100, ₱500.')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
});

test("'Lotto Results' lists the real results: Draw, GameType, Result", async ({ page, loginAs }) => {
  const player = await registerPlayer('lotto');
  await loginAs(player, '/Lotto');
  await page.getByRole('button', { name: 'Lotto Results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lotto Results' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Lotto Results' });
  await expect(table.getByRole('columnheader')).toHaveText(['Draw', 'GameType', 'Result']);
  const results = await lottoResults(player);
  expect(results.length).toBeGreaterThan(0);
  await expect(table.getByRole('row')).toHaveCount(results.length + 1);
  const newest = results[0];
  if (!newest) throw new Error('no result');
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/,
    lottoGameLabel(newest.GameType),
    resultText(newest),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the countdown and the clock tick every second', async ({ page, loginAs }) => {
  await loginAs(await registerPlayer('lotto'), '/Lotto');
  const timer = page.getByRole('timer').first();
  await expect(timer).toBeVisible();
  const clock = page.getByTestId('lotto-clock');
  const before = secondsLeft(await timer.getAttribute('aria-label'));
  const clockBefore = await clock.textContent();
  await page.waitForTimeout(1_200);
  // The label and the seconds shown, read at the same instant (the timer goes on ticking meanwhile).
  const [label, shown] = await timer.evaluate((element) => [element.getAttribute('aria-label'), element.querySelector('[data-unit="seconds"]')?.textContent ?? null]);
  const after = secondsLeft(label);
  expect(before - after).toBeGreaterThanOrEqual(1);
  expect(before - after).toBeLessThanOrEqual(2);
  await expect(clock).not.toHaveText(clockBefore ?? '');
  expect(shown).toBe(String(after % 60).padStart(2, '0'));
});

/** Moves the Grand jackpot the way an operator does: `PUT /operator/jackpot` as `operator1`. */
async function setGrandJackpot(pesos: number): Promise<void> {
  const [current] = await callApi(jackpotEndpoints.jackpot);
  if (!current) throw new Error('no jackpot');
  await callApi(jackpotEndpoints.setJackpot, { token: await loginToken(OPERATOR), body: { ...current, Grand: pesos } });
}

test('the jackpot is fetched again every 30 s and shows the server’s new figure', async ({ page, loginAs }) => {
  const original = await jackpotGrand();
  await page.clock.install();
  const jackpotCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/jackpot') jackpotCalls.push(request.url());
  });
  await loginAs(await registerPlayer('lotto'), '/Lotto');
  const figure = page.getByTestId('lotto-jackpot');
  await expect(figure).toHaveText(formatPeso(original));
  expect(jackpotCalls).toHaveLength(1);

  const raised = original + 1_234.5;
  await setGrandJackpot(raised);
  try {
    expect(await jackpotGrand()).toBe(raised);
    // 20 s on: no refetch yet, still the old figure.
    await page.clock.fastForward(20_000);
    await page.waitForTimeout(300);
    expect(jackpotCalls).toHaveLength(1);
    await expect(figure).toHaveText(formatPeso(original));
    // 30 s: the page asks the real API again and shows what it answers.
    const refetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/jackpot');
    await page.clock.fastForward(10_500);
    expect((await refetched).status()).toBe(200);
    await expect(figure).toHaveText(formatPeso(raised));
    expect(jackpotCalls).toHaveLength(2);
  } finally {
    await setGrandJackpot(original);
  }
});

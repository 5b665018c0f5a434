import { BET_STATUS, GAME_TYPE, GATEWAY_MOPNAME, type Team } from '@suwerte/contracts';
import QRCode from 'qrcode';
import { transaction } from '../../db/money';
import { DEMO_PLAYER } from '../seed/seed';
import type { Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { isUniqueViolation, userByUsername } from '../../db/users';
import { toCentavos } from '@suwerte/money';
import { createGame, placeBet, settleBet } from '../bets/bets';
import { approveDeposit, createGatewayDeposit, createManualDeposit, rejectDeposit } from '../deposits/deposits';
import { IMAGE_FORMATS, claimUpload, recordUpload, uploadsDir, writeUploadFile } from '../uploads/storage';
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals';

/**
 * The demo player's last week: a bet of every game type (each encoding of document 2, settled
 * every way), deposits and withdrawals in every state. Everything goes through the same
 * modules the endpoints use (placeBet/settleBet, deposits, withdrawals), so the ledger is the
 * truth and balance = ledger sum. Dated relative to the clock of the first start, within the
 * 7-day history window; seeded once per database, in one transaction.
 */

declare module '../../db/tables' {
  interface Tables {
    demo_activity: { name: string; seeded_at: string };
  }
}

const MARKER = 'demoplayer-week';
const HOUR_MS = 3_600_000;

const team = (TeamName: string, Acronym: string): Team => ({ TeamName, Acronym, League: 'PBA', ImageLink: '' });
const GINEBRA = team('Barangay Ginebra San Miguel', 'BGSM');
const BEERMEN = team('San Miguel Beermen', 'SMB');
const TNT = team('TNT Tropang Giga', 'TNT');
const MAGNOLIA = team('Magnolia Hotshots', 'MAG');
const MERALCO = team('Meralco Bolts', 'MER');
const NLEX = team('NLEX Road Warriors', 'NLEX');

interface DemoBet {
  hoursAgo: number;
  gameType: number;
  teams?: readonly [Team, Team];
  /** BetDetails[0]: the picks, encoded per game type. */
  picks: number[];
  /** Pesos per leg (Amount, Amounttwo…). */
  amounts: number[];
  /** Omitted: the game has no result yet (ongoing) or was called off (returned). */
  result?: number[];
  outcome: 'win' | 'lose' | 'return' | 'ongoing';
  /** Pesos paid back on a win (stake included). */
  payout?: number;
  label: string;
}

/** One bet per encoding of document 2, section 3 ("Result encodings"). */
export const DEMO_BETS: readonly DemoBet[] = [
  { hoursAgo: 140, gameType: GAME_TYPE.ENDING, teams: [GINEBRA, BEERMEN], picks: [7, 3, 1], amounts: [50], result: [2, 5, 1], outcome: 'lose', label: 'Ending' },
  { hoursAgo: 120, gameType: GAME_TYPE.ENDING, teams: [TNT, MAGNOLIA], picks: [1, 4, 1, 8, 0, 2], amounts: [20, 20], result: [1, 4, 1, 6, 2, 2], outcome: 'win', payout: 1_500, label: 'Minor jackpot' },
  { hoursAgo: 100, gameType: GAME_TYPE.ENDING, teams: [GINEBRA, TNT], picks: [2, 2, 1, 4, 6, 2, 9, 1, 3, 5, 5, 4], amounts: [10, 10, 10], outcome: 'return', label: 'Grand jackpot' },
  { hoursAgo: 96, gameType: GAME_TYPE.ENDING_QUARTER_PRIZE, teams: [BEERMEN, MAGNOLIA], picks: [5, 5, 2], amounts: [20], result: [5, 5, 2], outcome: 'win', payout: 1_400, label: 'Quarter prize' },
  { hoursAgo: 80, gameType: GAME_TYPE.ENDING_REVERSE_PRIZE, teams: [TNT, NLEX], picks: [3, 8, 3], amounts: [20], result: [8, 3, 3], outcome: 'win', payout: 700, label: 'Reverse prize' },
  { hoursAgo: 72, gameType: GAME_TYPE.ODD_EVEN, teams: [MERALCO, GINEBRA], picks: [0, 2], amounts: [100], result: [1, 2], outcome: 'lose', label: 'Odd/Even' },
  { hoursAgo: 60, gameType: GAME_TYPE.FIRST_TEAM_TO_SCORE, teams: [MAGNOLIA, BEERMEN], picks: [1, 1], amounts: [100], result: [1, 1], outcome: 'win', payout: 190, label: 'First team to score' },
  { hoursAgo: 50, gameType: GAME_TYPE.TEAM_WINNER, teams: [NLEX, TNT], picks: [0, 12], amounts: [200], result: [0], outcome: 'win', payout: 380, label: 'Team winner' },
  { hoursAgo: 48, gameType: GAME_TYPE.EZ2, picks: [12, 25, 1], amounts: [10], result: [25, 12], outcome: 'win', payout: 2_450, label: 'EZ 2 rambolito' },
  { hoursAgo: 44, gameType: GAME_TYPE.SLOT_MACHINE, picks: [3, 7, 12, 25, 31], amounts: [20], result: [3, 9, 12, 18, 25, 33, 40, 41, 52, 60], outcome: 'lose', label: 'Lucky Keno' },
  { hoursAgo: 30, gameType: GAME_TYPE.VIDEO_KARERA, picks: [1], amounts: [100], result: [2], outcome: 'lose', label: 'Video Karera UNO' },
  { hoursAgo: 29, gameType: GAME_TYPE.VIDEO_KARERA, picks: [2], amounts: [100], result: [2], outcome: 'win', payout: 180, label: 'Video Karera DOS' },
  { hoursAgo: 26, gameType: 42, picks: [4, 17, 33], amounts: [10], result: [4, 11, 21, 28, 35, 40], outcome: 'lose', label: 'Pick 3 6/42' },
  { hoursAgo: 22, gameType: 49, picks: [8, 19, 42], amounts: [10], outcome: 'return', label: 'Pick 3 6/49' },
  { hoursAgo: 20, gameType: 55, picks: [3, 6, 11, 14, 20, 25, 31, 37, 40, 46, 50, 53, 0], amounts: [20], result: [2, 6, 14, 22, 37, 50], outcome: 'lose', label: 'Pick 12 6/55' },
  { hoursAgo: 12, gameType: GAME_TYPE.MEGA_MILLIONS, picks: [3, 11, 20, 33, 45, 7], amounts: [20], result: [3, 11, 27, 38, 44, 7], outcome: 'win', payout: 200, label: 'Mega Millions 5 + 1' },
  { hoursAgo: 10, gameType: GAME_TYPE.EZ2, picks: [7, 31, 0], amounts: [20], result: [7, 30], outcome: 'lose', label: 'EZ 2 straight' },
  { hoursAgo: 8, gameType: GAME_TYPE.MEGA_MILLIONS, picks: [4, 15, 23], amounts: [20], result: [4, 16, 23, 36, 41, 9], outcome: 'lose', label: 'Mega Millions 3 white' },
  // Tonight's draws and a game later today: still ongoing. The 13-element lotto bet carries the JP flag (1) and its ₱5 add-on.
  { hoursAgo: 3, gameType: 45, picks: [1, 5, 9, 12, 18, 22, 27, 30, 33, 38, 41, 44, 1], amounts: [20, 5], outcome: 'ongoing', label: 'Pick 12 6/45 with JP' },
  { hoursAgo: 2, gameType: GAME_TYPE.ENDING, teams: [MERALCO, NLEX], picks: [3, 3, 1, 5, 9, 2, 0, 7, 3], amounts: [10, 10, 10], outcome: 'ongoing', label: 'Major jackpot' },
  { hoursAgo: 1, gameType: 58, picks: [2, 29, 57], amounts: [10], outcome: 'ongoing', label: 'Pick 3 6/58' },
];

const STATUS_OF = { win: BET_STATUS.WIN, lose: BET_STATUS.LOSE, return: BET_STATUS.RETURN } as const;

interface Step {
  at: Date;
  run: (q: Q) => Promise<unknown>;
}

export async function seedDemoActivity(store: Store, now: Date): Promise<boolean> {
  const player = await userByUsername(store.db, DEMO_PLAYER.username);
  if (!player) return false;
  const seeded = async (q: Q) => (await q.selectFrom('demo_activity').select('name').where('name', '=', MARKER).executeTakeFirst()) !== undefined;
  if (await seeded(store.db)) return false;

  // The manual deposits' proofs: the demo player's own uploads, one per deposit, as the site makes them.
  const png = IMAGE_FORMATS[0];
  const proofImage = async (text: string) => {
    const bytes = await QRCode.toBuffer(text, { type: 'png', width: 320 });
    return { name: await writeUploadFile(uploadsDir(store), bytes, png), bytes: bytes.length };
  };
  const proofs = {
    rejected: await proofImage('Demo proof of payment: Maya ₱200.00 to Suwerte Gaming Corp.'),
    pending: await proofImage('Demo proof of payment: GCash ₱500.00 to Suwerte Gaming Corp.'),
  };

  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const later = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);
  const userId = player.id;
  const steps: Step[] = [];

  for (const bet of DEMO_BETS) {
    const placedAt = ago(bet.hoursAgo);
    let betId = '';
    steps.push({
      at: placedAt,
      run: async (q) => {
        const gameId = await createGame(q, {
          gameType: bet.gameType,
          team1: bet.teams?.[0] ?? null,
          team2: bet.teams?.[1] ?? null,
          schedule: bet.outcome === 'ongoing' ? later(6) : new Date(placedAt.getTime() + HOUR_MS / 2),
          result: bet.result ?? null,
          now: placedAt,
        });
        betId = (
          await placeBet(q, {
          userId,
          gameId,
          details: [bet.picks],
          amountsCentavos: bet.amounts.map(toCentavos),
          description: `${bet.label} bet`,
          now: placedAt,
          })
        ).betId;
      },
    });
    if (bet.outcome === 'ongoing') continue;
    const outcome = bet.outcome;
    const stake = bet.amounts.reduce((sum, amount) => sum + amount, 0);
    const payout = outcome === 'return' ? stake : outcome === 'win' ? (bet.payout ?? 0) : 0;
    steps.push({
      at: ago(bet.hoursAgo - 2),
      run: (q) =>
        settleBet(q, {
          betId,
          status: STATUS_OF[outcome],
          payoutCentavos: toCentavos(payout),
          description: outcome === 'return' ? `${bet.label} refund` : outcome === 'win' ? `${bet.label} win` : `${bet.label} lost`,
          now: ago(bet.hoursAgo - 2),
        }),
    });
  }

  // Deposits: a paid QR deposit, a rejected manual one, a pending manual one with its proof.
  let qrId = '';
  steps.push({ at: ago(130), run: async (q) => (qrId = (await createGatewayDeposit(q, { userId, amountCentavos: 100_000, mode: GATEWAY_MOPNAME, now: ago(130) })).id) });
  steps.push({ at: ago(129.9), run: (q) => approveDeposit(q, qrId, { by: 'gateway', now: ago(129.9) }) });
  let rejectedDeposit = '';
  const manual = async (q: Q, hours: number, mode: string, pesos: number, proof: { name: string; bytes: number }) => {
    await recordUpload(q, { name: proof.name, userId, bytes: proof.bytes, now: ago(hours) });
    const { id } = await createManualDeposit(q, {
      userId,
      amountCentavos: toCentavos(pesos),
      mode,
      accountName: DEMO_PLAYER.fullname,
      accountNumber: mode === 'MAYA' ? '0918 222 3344' : '0917 123 4567',
      imageLink: `/uploads/${proof.name}`,
      invoiceNumber: null,
      now: ago(hours),
    });
    await claimUpload(q, { name: proof.name, userId, depositId: id });
    return id;
  };
  steps.push({ at: ago(110), run: async (q) => (rejectedDeposit = await manual(q, 110, 'MAYA', 200, proofs.rejected)) });
  steps.push({ at: ago(108), run: (q) => rejectDeposit(q, rejectedDeposit, { by: 'operator1', now: ago(108) }) });
  steps.push({ at: ago(5), run: (q) => manual(q, 5, 'GCASH', 500, proofs.pending) });

  // Withdrawals: paid out, rejected (refunded), pending (held).
  const withdraw = async (q: Q, hours: number, mode: string, pesos: number) =>
    (
      await requestWithdrawal(q, {
      userId,
      channel: 'instapay',
      mode,
      accountName: DEMO_PLAYER.fullname,
      accountNumber: mode === 'BDO' ? '0045 6789 0123' : '0917 123 4567',
      amountCentavos: toCentavos(pesos),
      now: ago(hours),
      })
    ).id;
  let paidOut = '';
  let refused = '';
  steps.push({ at: ago(70), run: async (q) => (paidOut = await withdraw(q, 70, 'GCASH', 300)) });
  steps.push({ at: ago(68), run: (q) => approveWithdrawal(q, paidOut, { by: 'operator1', now: ago(68) }) });
  steps.push({ at: ago(42), run: async (q) => (refused = await withdraw(q, 42, 'BDO', 1_000)) });
  steps.push({ at: ago(40), run: (q) => rejectWithdrawal(q, refused, { by: 'operator1', now: ago(40) }) });
  steps.push({ at: ago(4), run: (q) => withdraw(q, 4, 'GCASH', 200) });

  // In time order, so each ledger entry's running balance reads right in the history.
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  try {
    return await transaction(store, async (q) => {
      if (await seeded(q)) return false;
      for (const step of steps) await step.run(q);
      await q.insertInto('demo_activity').values({ name: MARKER, seeded_at: now.toISOString() }).execute();
      return true;
    });
  } catch (error) {
    // Another node seeded it at the same moment (PostgreSQL): its week stands, this one rolled back.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

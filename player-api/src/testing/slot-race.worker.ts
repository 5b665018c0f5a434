// A child process for the slot race test: its own store on the same database, placing Major
// entries that all take the same first slot once told to go, one money change each. Run with
// `node --import tsx` (testing/race.ts).
import { JACKPOT_TEXTS } from '@suwerte/contracts';
import { moneyChange } from '../db/money';
import { HttpError } from '../lib/errors';
import { serveStoreRace } from './race';
import { placeJackpotEntry } from '../features/sports/betting';

const [location, endingId, userId, countText, amountText] = process.argv.slice(2);
if (!location || !endingId || !userId || !countText || !amountText) {
  console.error('usage: slot-race.worker.ts <db path or postgres URL> <endingId> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
const amountCentavos = Number(amountText);
serveStoreRace(
  location,
  Number(countText),
  (store, i) =>
    moneyChange(store, (q) =>
      // Every entry takes the same first row (slot 7-7, Q1); the other rows vary.
      placeJackpotEntry(q, {
        userId,
        endingId,
        kind: 'major',
        lines: [
          { slot1: 7, slot2: 7, quarter: 1, amountCentavos },
          { slot1: i % 10, slot2: process.pid % 10, quarter: 2, amountCentavos: 1_000 },
          { slot1: i % 10, slot2: (i + 3) % 10, quarter: 3, amountCentavos: 1_000 },
        ],
        now: new Date(),
      }),
    ),
  (error) => error instanceof HttpError && error.message === JACKPOT_TEXTS.maximum,
);

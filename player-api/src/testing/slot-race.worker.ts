// A child process for the slot race test: its own connection to the same SQLite file, placing
// Major entries that all take the same first slot once told to go (money changes: they share
// this process's group commits). Run with `node --import tsx`.
import { JACKPOT_TEXTS } from '@suwerte/shared/contracts';
import type { DB } from '../db/database';
import { moneyChange } from '../db/money';
import { openSqliteStore, type Store } from '../db/store';
import { HttpError } from '../lib/errors';
import { serveConcurrentRace } from './race';
import { placeJackpotEntry } from '../features/sports/betting';

const [dbPath, endingId, userId, countText, amountText] = process.argv.slice(2);
if (!dbPath || !endingId || !userId || !countText || !amountText) {
  console.error('usage: slot-race.worker.ts <db> <endingId> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
const amountCentavos = Number(amountText);
const stores = new WeakMap<DB, Store>();
const storeOf = (db: DB): Store => {
  let store = stores.get(db);
  if (!store) {
    store = openSqliteStore(db);
    stores.set(db, store);
  }
  return store;
};
serveConcurrentRace(
  dbPath,
  Number(countText),
  (db, i) =>
    // Every entry takes the same first row (slot 7-7, Q1); the other rows vary.
    moneyChange(storeOf(db), (q) =>
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

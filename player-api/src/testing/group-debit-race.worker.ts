// A child process for the group-commit race test: its own connection to the same SQLite file,
// all its debits queued at once through `moneyChange` (so they commit in groups) once told to go.
// Run with `node --import tsx` (testing/race.ts).
import { moneyChange } from '../db/group-commit';
import { InsufficientFundsError, postEntry } from '../features/ledger/ledger';
import { serveConcurrentRace } from './race';

const [dbPath, userId, countText, amountText] = process.argv.slice(2);
if (!dbPath || !userId || !countText || !amountText) {
  console.error('usage: group-debit-race.worker.ts <db> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
serveConcurrentRace(
  dbPath,
  Number(countText),
  (db, i) => moneyChange(db, () => postEntry(db, { userId, amountCentavos: -Number(amountText), kind: 'bet', reference: `group-race-${process.pid}-${i}` })),
  (error) => error instanceof InsufficientFundsError,
);

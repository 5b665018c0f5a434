// A child process for the ledger race test: its own connection to the same SQLite file, posting
// as many debits as it can once told to go. Run with `node --import tsx` (testing/race.ts).
import { serveRace } from '../../testing/race';
import { InsufficientFundsError, postEntry } from './ledger';

const [dbPath, userId, countText, amountText] = process.argv.slice(2);
if (!dbPath || !userId || !countText || !amountText) {
  console.error('usage: debit-race.worker.ts <db> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
serveRace(
  dbPath,
  Number(countText),
  (db, i) => void postEntry(db, { userId, amountCentavos: -Number(amountText), kind: 'bet', reference: `race-${process.pid}-${i}` }),
  (error) => error instanceof InsufficientFundsError,
);

// A child process for the ledger race test: its own store on the same database (a SQLite file
// or a PostgreSQL schema), posting its debits one after another once told to go, one money
// change each. Run with `node --import tsx` (testing/race.ts).
import { moneyChange } from '../db/money';
import { InsufficientFundsError, appendEntry } from '../features/ledger/ledger';
import { serveStoreRace } from './race';

const [location, userId, countText, amountText, mode] = process.argv.slice(2);
if (!location || !userId || !countText || !amountText) {
  console.error('usage: debit-race.worker.ts <db path or postgres URL> <userId> <count> <amountCentavos> [concurrent] (as a forked child)');
  process.exit(2);
}
serveStoreRace(
  location,
  Number(countText),
  (store, i) => moneyChange(store, (q) => appendEntry(q, { userId, amountCentavos: -Number(amountText), kind: 'bet', reference: `race-${process.pid}-${i}` })),
  (error) => error instanceof InsufficientFundsError,
  // concurrent: all queued at once (on SQLite they share this process's group commits).
  { concurrent: mode === 'concurrent' },
);

// A child process for the ledger race test: opens its own connection to the same SQLite file,
// waits for 'go', then posts as many debits as it can. Run with `node --import tsx`.
import { openDatabase } from '../db/database';
import { InsufficientFundsError, postEntry } from '../features/ledger/ledger';

const [dbPath, userId, countText, amountText] = process.argv.slice(2);
if (!dbPath || !userId || !countText || !amountText || !process.send) {
  console.error('usage: debit-race.worker.ts <db> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
const db = openDatabase(dbPath);
const send = process.send.bind(process);

process.on('message', (message) => {
  if (message !== 'go') return;
  let ok = 0;
  let refused = 0;
  const failures: string[] = [];
  for (let i = 0; i < Number(countText); i += 1) {
    try {
      postEntry(db, { userId, amountCentavos: -Number(amountText), kind: 'bet', reference: `race-${process.pid}-${i}` });
      ok += 1;
    } catch (error) {
      if (error instanceof InsufficientFundsError) refused += 1;
      else failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
  db.close();
  send({ ok, refused, failures }, () => process.exit(0));
});
send('ready');

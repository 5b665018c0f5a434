// A child process for the slot race test: opens its own connection to the same SQLite file,
// waits for 'go', then places Major entries on one slot as fast as it can. Run with `node --import tsx`.
import { JACKPOT_TEXTS } from '@suwerte/shared/contracts';
import { openDatabase } from '../../db/database';
import { HttpError } from '../../lib/errors';
import { placeJackpotEntry } from './betting';

const [dbPath, endingId, userId, countText, amountText] = process.argv.slice(2);
if (!dbPath || !endingId || !userId || !countText || !amountText || !process.send) {
  console.error('usage: slot-race.worker.ts <db> <endingId> <userId> <count> <amountCentavos> (as a forked child)');
  process.exit(2);
}
const db = openDatabase(dbPath);
const send = process.send.bind(process);
const amountCentavos = Number(amountText);

process.on('message', (message) => {
  if (message !== 'go') return;
  let ok = 0;
  let refused = 0;
  const failures: string[] = [];
  for (let i = 0; i < Number(countText); i += 1) {
    try {
      // Every entry takes the same first row (slot 7-7, Q1); the other rows vary.
      placeJackpotEntry(db, {
        userId,
        endingId,
        kind: 'major',
        lines: [
          { slot1: 7, slot2: 7, quarter: 1, amountCentavos },
          { slot1: i % 10, slot2: process.pid % 10, quarter: 2, amountCentavos: 1_000 },
          { slot1: i % 10, slot2: (i + 3) % 10, quarter: 3, amountCentavos: 1_000 },
        ],
        now: new Date(),
      });
      ok += 1;
    } catch (error) {
      if (error instanceof HttpError && error.message === JACKPOT_TEXTS.maximum) refused += 1;
      else failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
  db.close();
  send({ ok, refused, failures }, () => process.exit(0));
});
send('ready');

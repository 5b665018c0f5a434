// The operator's command line, on the same SQLite file as the running API (WAL lets both work at once):
//
//   npm run operator -w player-api -- deposits list [--all]
//   npm run operator -w player-api -- deposits approve <id>
//   npm run operator -w player-api -- deposits reject <id>
//   npm run operator -w player-api -- withdrawals list [--all]
//   npm run operator -w player-api -- withdrawals approve <id>
//   npm run operator -w player-api -- withdrawals reject <id>
//
// DATABASE_PATH and PUBLIC_URL are read as the API reads them.
import {
  OPERATOR_DECISIONS,
  OPERATOR_REQUEST_KINDS,
  requestStatusLabel,
  type OperatorDecision,
  type OperatorRequest,
  type OperatorRequestKind,
} from '@suwerte/shared/contracts';
import { formatPeso } from '@suwerte/shared/money';
import { userInfo } from 'node:os';
import { FEATURES } from '../../app';
import { loadEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import { migrate, migrateFeature } from '../../db/migrations';
import { HttpError } from '../../lib/errors';
import { decide, listRequests } from './operator';

const USAGE = `usage: npm run operator -w player-api -- <deposits|withdrawals> <list [--all] | approve <id> | reject <id>>`;


export function formatRequest(request: OperatorRequest): string {
  const account = request.AccountName ? `${request.AccountName} ${request.AccountNumber ?? ''}`.trim() : '';
  return [
    request._id,
    request.createdAt.slice(0, 16).replace('T', ' '),
    request.username.padEnd(16),
    formatPeso(request.Amount).padStart(14),
    request.Mode.padEnd(8),
    requestStatusLabel(request.Status).padEnd(8),
    account,
    request.ImageLink ?? '',
  ]
    .join('  ')
    .trimEnd();
}

export interface CliResult {
  code: number;
  lines: string[];
}

/** Runs one command; returns what to print (exit code 0 ok, 1 refused, 2 usage). */
export function runOperatorCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): CliResult {
  const [kind = '', command = '', id] = args.filter((arg) => !arg.startsWith('--'));
  if (!(OPERATOR_REQUEST_KINDS as readonly string[]).includes(kind)) return { code: 2, lines: [USAGE] };
  const isDecision = (OPERATOR_DECISIONS as readonly string[]).includes(command);
  if (command !== 'list' && !(isDecision && id)) return { code: 2, lines: [USAGE] };

  const settings = loadEnv(env);
  const db = openDatabase(settings.databasePath);
  try {
    migrate(db);
    for (const feature of FEATURES) if (feature.migrations) migrateFeature(db, feature.name, feature.migrations);
    const now = new Date();
    if (command === 'list') {
      const all = args.includes('--all');
      const requests = listRequests(db, kind as OperatorRequestKind, { pendingOnly: !all, now, publicUrl: settings.publicUrl });
      if (requests.length === 0) return { code: 0, lines: [all ? `No ${kind}.` : `No pending ${kind}.`] };
      return { code: 0, lines: requests.map(formatRequest) };
    }
    const decided = decide(db, kind as OperatorRequestKind, id ?? '', command as OperatorDecision, {
      by: `cli:${userInfo().username}`,
      now,
      publicUrl: settings.publicUrl,
    });
    return { code: 0, lines: [formatRequest(decided)] };
  } catch (error) {
    if (error instanceof HttpError) return { code: 1, lines: [error.message] };
    throw error;
  } finally {
    db.close();
  }
}

const invokedDirectly = process.argv[1]?.replace(/\\/g, '/').endsWith('features/operator/cli.ts') ?? false;
if (invokedDirectly) {
  const result = runOperatorCommand(process.argv.slice(2));
  for (const line of result.lines) (result.code === 0 ? console.info : console.error)(line);
  process.exitCode = result.code;
}

// The operator's command line, on the same database as the running API: the SQLite file (WAL lets
// both work at once) or the PostgreSQL database of DATABASE_URL:
//
//   npm run operator -w player-api -- deposits list [--all]
//   npm run operator -w player-api -- deposits approve <id>
//   npm run operator -w player-api -- deposits reject <id>
//   npm run operator -w player-api -- deposits proof <id>            # where its proof image is on disk
//   npm run operator -w player-api -- withdrawals list [--all]
//   npm run operator -w player-api -- withdrawals approve <id>
//   npm run operator -w player-api -- withdrawals reject <id>
//   npm run operator -w player-api -- create-operator <username>     # the password from stdin or a prompt
//   npm run operator -w player-api -- payment-options list
//   npm run operator -w player-api -- payment-options set <MOPNAME> --label <text> --account-name <text> --account-number <text>
//   npm run operator -w player-api -- payment-options disable <MOPNAME>
//   npm run operator -w player-api -- backup <file>                  # SQLite: an online backup, while the API runs
//   npm run operator -w player-api -- restore <file>                 # SQLite: with the API stopped
//
// In the Docker image: `docker compose exec player-api node dist/operator.js <command>`.
// DATABASE_URL (postgres://…), else DATABASE_PATH, and PUBLIC_URL are read as the API reads them;
// no other setting is needed.
import {
  OPERATOR_DECISIONS,
  OPERATOR_REQUEST_KINDS,
  STORED_UPLOAD_NAME,
  requestStatusLabel,
  type OperatorDecision,
  type OperatorRequest,
  type OperatorRequestKind,
} from '@suwerte/contracts';
import { formatPeso } from '@suwerte/money';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { migrateStore } from '../../app';
import { loadDataEnv } from '../../config/env';
import { BackupError, backupDatabase, restoreDatabase } from '../../db/backup';
import { openDatabase } from '../../db/database';
import { transaction } from '../../db/money';
import { isPostgresUrl, openStore, type Store } from '../../db/store';
import { HttpError } from '../../lib/errors';
import { printable } from '../../lib/text';
import { findDeposit } from '../deposits/deposits';
import { listPaymentOptions } from '../payment-options/payment-options';
import { uploadsDir } from '../uploads/storage';
import { createOperator, disablePaymentOption, setPaymentOption } from './accounts';
import { decide, listAllRequests } from './operator';
import { readPassword } from './password-prompt';

const USAGE = [
  'usage: npm run operator -w player-api -- <command>',
  '  deposits|withdrawals list [--all]',
  '  deposits|withdrawals approve|reject <id>',
  '  deposits proof <id>                   (the proof image\'s file, to open on this machine)',
  '  create-operator <username>            (the password is read from stdin or asked for; never give it as an argument)',
  '  payment-options list',
  '  payment-options set <MOPNAME> --label <text> --account-name <text> --account-number <text>',
  '  payment-options disable <MOPNAME>',
  '  backup <file>                         (SQLite: a consistent copy while the API runs; PostgreSQL: use pg_dump)',
  '  restore <file>                        (SQLite: stop the API first; the database as it was is backed up too)',
].join('\n');

/** On PostgreSQL the database's own tools back it up (README "Operators"). */
export const POSTGRES_BACKUP_TEXT = 'On PostgreSQL back up with pg_dump (pg_dump --format=custom --file=suwerte.dump "$DATABASE_URL") and restore with pg_restore: see README, "Operators: backups".';


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
    // What players typed reaches the operator's terminal: no escape sequence of theirs runs there.
    .map(printable)
    .join('  ')
    .trimEnd();
}

export interface CliResult {
  code: number;
  lines: string[];
}

export interface CliIo {
  /** Reads the new operator's password: stdin when it is piped, else a prompt that does not echo. */
  readPassword: (prompt: string) => Promise<string>;
}

/** The value after `--name`, if any. */
function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The arguments that are not `--options` nor their values. */
function positional(args: readonly string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg.startsWith('--')) {
      if (arg !== '--all') index += 1;
    } else result.push(arg);
  }
  return result;
}

/**
 * The API's database, brought up to date as the API does it (a SQLite database about to change is
 * backed up first): a postgres:// DATABASE_URL, else the SQLite file of DATABASE_PATH.
 */
async function openMigrated(location: string): Promise<{ store: Store; notes: string[] }> {
  const store = openStore(location);
  try {
    const { changes, backup } = await migrateStore(store);
    return { store, notes: backup ? [`Schema changed (${changes.join(', ')}); the database as it was is backed up in ${backup.file}`] : [] };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** `backup <file>` and `restore <file>` of the SQLite database (db/backup.ts). */
async function backupCommand(command: 'backup' | 'restore', file: string, databasePath: string): Promise<CliResult> {
  try {
    if (command === 'restore') {
      const { restored, previous } = await restoreDatabase(file, databasePath);
      return {
        code: 0,
        lines: [
          `Restored ${databasePath} from ${restored.file} (schema version ${restored.schemaVersion}); start the API again.`,
          previous ? `What it held before is backed up in ${previous.file}.` : 'It held nothing before.',
        ],
      };
    }
    if (databasePath === ':memory:' || !existsSync(databasePath)) return { code: 1, lines: [`No database at ${databasePath} to back up (DATABASE_PATH)`] };
    const handle = openDatabase(databasePath);
    try {
      const summary = await backupDatabase(handle, file);
      return { code: 0, lines: [`Backed up ${databasePath} to ${summary.file} (${Math.ceil(summary.bytes / 1024)} KB, schema version ${summary.schemaVersion}, checked whole).`] };
    } finally {
      handle.close();
    }
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, lines: [error.message] };
    throw error;
  }
}

const usage = (): CliResult => ({ code: 2, lines: [USAGE] });

/** Runs one command; returns what to print (exit code 0 ok, 1 refused, 2 usage). */
export async function runOperatorCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = { readPassword }): Promise<CliResult> {
  // A password in the arguments would sit in the shell history and the process list.
  if (args.some((arg) => /^--?pass(word)?(=|$)/i.test(arg))) {
    return { code: 2, lines: ['Passwords are never given as arguments: run create-operator <username> and type it, or pipe it on stdin.'] };
  }
  const [command = '', subject = '', target] = positional(args);
  const isRequestCommand = (OPERATOR_REQUEST_KINDS as readonly string[]).includes(command);
  if (isRequestCommand) {
    const isDecision = (OPERATOR_DECISIONS as readonly string[]).includes(subject);
    const isProof = command === 'deposits' && subject === 'proof';
    if (subject !== 'list' && !((isDecision || isProof) && target)) return usage();
  } else if (command === 'create-operator') {
    if (!subject || args.length !== 2) return usage();
  } else if (command === 'payment-options') {
    if (!(subject === 'list' || ((subject === 'set' || subject === 'disable') && target))) return usage();
  } else if (command === 'backup' || command === 'restore') {
    if (!subject || args.length !== 2) return usage();
  } else {
    return usage();
  }

  const settings = loadDataEnv(env);
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (command === 'backup' || command === 'restore') {
    if (isPostgresUrl(databaseUrl)) return { code: 1, lines: [POSTGRES_BACKUP_TEXT] };
    return backupCommand(command, subject, settings.databasePath);
  }
  const { store, notes } = await openMigrated(isPostgresUrl(databaseUrl) ? databaseUrl : settings.databasePath);
  const result = await runOnStore(store, { command, subject, target, args, settings, io });
  return { code: result.code, lines: [...notes, ...result.lines] };
}

interface StoreCommand {
  command: string;
  subject: string;
  target: string | undefined;
  args: readonly string[];
  settings: ReturnType<typeof loadDataEnv>;
  io: CliIo;
}

/** A command on the opened database (every command but backup and restore); closes it. */
async function runOnStore(store: Store, { command, subject, target, args, settings, io }: StoreCommand): Promise<CliResult> {
  const db = store.db;
  try {
    const now = new Date();
    if (command === 'create-operator') {
      const password = await io.readPassword(`Password for the new operator ${subject}: `);
      const created = await createOperator(store, { username: subject, password, now });
      return { code: 0, lines: [`Operator ${printable(created.username)} created. They sign in at POST /player/login; the site itself refuses non-player accounts.`] };
    }
    if (command === 'payment-options') {
      if (subject === 'set') {
        await setPaymentOption(db, {
          mopname: target ?? '',
          label: option(args, 'label') ?? '',
          accountName: option(args, 'account-name') ?? '',
          accountNumber: option(args, 'account-number') ?? '',
        });
      } else if (subject === 'disable') {
        await disablePaymentOption(db, target ?? '');
      }
      const options = await listPaymentOptions(db, settings.publicUrl);
      if (options.length === 0) return { code: 0, lines: ['No payment options: players see NO OPTIONS FOUND on the deposit page.'] };
      return { code: 0, lines: options.map((item) => [item.mopname.padEnd(10), item.label, '·', item.accountname, '·', item.accountnumber].map(printable).join(' ')) };
    }
    const kind = command as OperatorRequestKind;
    if (subject === 'proof') {
      // Proofs are served to operators with their token; on this machine the file itself will do.
      const deposit = await findDeposit(db, target ?? '');
      if (!deposit) return { code: 1, lines: [`Deposit ${printable(target ?? '')} not found`] };
      const name = deposit.image_link?.startsWith('/uploads/') ? deposit.image_link.slice('/uploads/'.length) : null;
      if (!name || !STORED_UPLOAD_NAME.test(name)) return { code: 1, lines: [`Deposit ${deposit.id} has no proof image`] };
      return { code: 0, lines: [join(uploadsDir(store), name)] };
    }
    if (subject === 'list') {
      const all = args.includes('--all');
      const requests = await listAllRequests(db, kind, { pendingOnly: !all, now, publicUrl: settings.publicUrl });
      if (requests.length === 0) return { code: 0, lines: [all ? `No ${kind}.` : `No pending ${kind}.`] };
      return { code: 0, lines: requests.map(formatRequest) };
    }
    // One transaction, the request row locked (PostgreSQL): the API deciding it at once on another node waits, then sees it decided.
    const decided = await transaction(store, (q) =>
      decide(q, kind, target ?? '', subject as OperatorDecision, {
        by: `cli:${userInfo().username}`,
        now,
        publicUrl: settings.publicUrl,
      }),
    );
    return { code: 0, lines: [formatRequest(decided)] };
  } catch (error) {
    if (error instanceof HttpError) return { code: 1, lines: [error.message] };
    throw error;
  } finally {
    await store.close();
  }
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const result = await runOperatorCommand(process.argv.slice(2));
  for (const line of result.lines) (result.code === 0 ? console.info : console.error)(line);
  process.exitCode = result.code;
}

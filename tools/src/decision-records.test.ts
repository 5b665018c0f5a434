// The decision records (docs/decisions/) kept current: every record has a Status line, the index lists
// every record under its own title, and a record that changes an earlier one is answered in that one's
// Status line — so a reader who opens an old record learns it is no longer the whole story.
//
// The convention, in each record's Status paragraph (the line starting `Status: ` and the lines
// after it up to the first blank line):
// - it starts with the record's state: accepted, rejected, proposed or superseded;
// - a newer record says `supersedes in part 040, 043 and 049` (or `supersedes 022` when the whole
//   earlier record no longer holds), each list followed by what changed, in words, where it helps;
// - each earlier record answers with `superseded in part by 140` (or `superseded by 160`), naming
//   every record that changed it;
// - "corrects", "corrected by" and "replaces" are not used for a record: a correction is a
//   supersession in part, and says so in the words above (other relations — extends, follows,
//   confirms — change nothing in the earlier record and need no answer).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './site';

const DIR = path.join(REPO_ROOT, 'docs', 'decisions');
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATES = ['accepted', 'rejected', 'proposed', 'superseded'] as const;
/** `040`, `040 and 049`, `040, 043 and 049`, each number may be followed by what changed in brackets: `123 (…) and 134 (…)`. */
const NUMBER = String.raw`\d{3}(?: \((?:[^()]|\([^()]*\))*\))?`;
const NUMBER_LIST = String.raw`(${NUMBER}(?:(?:,? and |, )${NUMBER})*)`;

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  status: string;
  /** Earlier records this one changes, and whether wholly. */
  supersedes: Map<string, 'whole' | 'part'>;
  /** Later records this one names as changing it. */
  supersededBy: Map<string, 'whole' | 'part'>;
}

function numbersIn(list: string): string[] {
  // The numbers outside the brackets: what changed may name other records.
  return list.replace(/\((?:[^()]|\([^()]*\))*\)/g, '').match(/\d{3}/g) ?? [];
}

function relations(status: string, pattern: string): Map<string, 'whole' | 'part'> {
  const found = new Map<string, 'whole' | 'part'>();
  for (const match of status.matchAll(new RegExp(pattern + NUMBER_LIST, 'g'))) {
    const [, inPart, list] = match;
    for (const number of numbersIn(list ?? '')) found.set(number, inPart ? 'part' : 'whole');
  }
  return found;
}

function readRecord(file: string, text: string): DecisionRecord {
  const number = RECORD_FILE.exec(file)?.[1] ?? '';
  const lines = text.split('\n');
  const title = (lines[0] ?? '').replace(/^# /, '');
  const start = lines.findIndex((line) => line.startsWith('Status: '));
  const end = start < 0 ? -1 : lines.findIndex((line, index) => index > start && line.trim() === '');
  const status = start < 0 ? '' : lines.slice(start, end < 0 ? undefined : end).join(' ').replace(/\s+/g, ' ');
  return {
    file,
    number,
    title,
    status,
    supersedes: relations(status, String.raw`\bsupersedes (in part )?`),
    supersededBy: relations(status, String.raw`\bsuperseded (in part )?by `),
  };
}

const files = readdirSync(DIR)
  .filter((file) => file !== 'README.md')
  .sort();
const records = files.filter((file) => RECORD_FILE.test(file)).map((file) => readRecord(file, readFileSync(path.join(DIR, file), 'utf8')));
const byNumber = new Map(records.map((record) => [record.number, record]));
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are files named NNN-title.md, one number each', () => {
    expect(files.filter((file) => !RECORD_FILE.test(file))).toEqual([]);
    expect(byNumber.size).toBe(records.length);
  });

  it('each opens with "# NNN. Title" and has one Status paragraph before its first section, starting with its state', () => {
    const problems: string[] = [];
    for (const record of records) {
      const text = readFileSync(path.join(DIR, record.file), 'utf8');
      if (!record.title.startsWith(`${record.number}. `)) problems.push(`${record.file}: the title line is not "# ${record.number}. …"`);
      const statusLines = text.split('\n').filter((line) => /^Status\b/i.test(line));
      if (statusLines.length !== 1) problems.push(`${record.file}: ${statusLines.length} Status lines`);
      const firstSection = text.indexOf('\n## ');
      if (firstSection >= 0 && text.indexOf('\nStatus: ') > firstSection) problems.push(`${record.file}: the Status line comes after a section`);
      if (!STATES.some((state) => record.status.startsWith(`Status: ${state}`)))
        problems.push(`${record.file}: the Status does not start with one of ${STATES.join(', ')}`);
      if (/^(<{7}|={7}|>{7})( |$)/m.test(text)) problems.push(`${record.file}: merge conflict markers`);
    }
    expect(problems).toEqual([]);
  });

  it('are all in the index, in number order, each under its own title; the index lists no other file', () => {
    const listed = [...index.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)$/gm)].map(([, title, file]) => ({ title, file }));
    expect(listed.map(({ file }) => file)).toEqual(records.map((record) => record.file));
    expect(listed.map(({ title }) => title)).toEqual(records.map((record) => record.title));
  });

  it('say how they relate in the words of the convention ("supersedes in part NNN", "superseded in part by NNN")', () => {
    const problems = records
      .filter((record) => /\b(correct(s|ed)?|replace[sd]?)\b/i.test(record.status))
      .map((record) => `${record.file}: "${record.status}"`);
    expect(problems).toEqual([]);
  });

  it('name only records that exist, and only earlier ones as superseded and later ones as superseding', () => {
    const problems: string[] = [];
    for (const record of records) {
      for (const other of record.supersedes.keys()) {
        if (!byNumber.has(other)) problems.push(`${record.file} supersedes ${other}, which does not exist`);
        else if (other >= record.number) problems.push(`${record.file} supersedes ${other}, which is not earlier`);
      }
      for (const other of record.supersededBy.keys()) {
        if (!byNumber.has(other)) problems.push(`${record.file} is superseded by ${other}, which does not exist`);
        else if (other <= record.number) problems.push(`${record.file} is superseded by ${other}, which is not later`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('that supersede an earlier record are answered in its Status line, and every answer names a record that says so', () => {
    const problems: string[] = [];
    const phrase = (how: 'whole' | 'part') => (how === 'part' ? 'superseded in part by' : 'superseded by');
    for (const record of records) {
      for (const [number, how] of record.supersedes) {
        const earlier = byNumber.get(number);
        if (earlier === undefined) continue;
        const answer = earlier.supersededBy.get(record.number);
        if (answer === undefined) problems.push(`${earlier.file} does not say "${phrase(how)} … ${record.number}"`);
        else if (answer !== how) problems.push(`${earlier.file} says "${phrase(answer)} ${record.number}", ${record.file} "supersedes${how === 'part' ? ' in part' : ''} ${number}"`);
      }
      for (const number of record.supersededBy.keys()) {
        const later = byNumber.get(number);
        if (later !== undefined && !later.supersedes.has(record.number))
          problems.push(`${later.file} does not say "supersedes … ${record.number}" (${record.file} names it)`);
      }
      const wholly = [...record.supersededBy.values()].includes('whole');
      if (wholly !== record.status.startsWith('Status: superseded'))
        problems.push(`${record.file}: "superseded by" (wholly) goes with the state "superseded", and only with it`);
    }
    expect(problems).toEqual([]);
  });

  it('the convention is read as written', () => {
    const later = readRecord('140-x.md', '# 140. X\n\nStatus: accepted (issue 31, item 1; supersedes in part 040, 043,\nand 049; supersedes 022)\n');
    expect([...later.supersedes]).toEqual([
      ['040', 'part'],
      ['043', 'part'],
      ['049', 'part'],
      ['022', 'whole'],
    ]);
    const earlier = readRecord('040-x.md', '# 040. X\n\nStatus: accepted; superseded in part by 140 and 147 (the demo accounts)\n\n## Context\nsuperseded by 999\n');
    expect([...earlier.supersededBy]).toEqual([
      ['140', 'part'],
      ['147', 'part'],
    ]);
    const bracketed = readRecord('120-x.md', '# 120. X\n\nStatus: accepted; superseded in part by 123 (reads, decision 094 (the cache) kept) and 134 (the guard)\n');
    expect([...bracketed.supersededBy.keys()]).toEqual(['123', '134']);
  });
});

// `npm run bench:readme`: the README's Performance table from .bench/results.json (the last
// `npm run bench`), between its markers. The figures are the bench's, never typed by hand.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../site';
import { RESULTS_FILE, renderPerformanceTable, withPerformanceTable, type BenchResults } from './results';

if (!existsSync(RESULTS_FILE)) throw new Error(`${path.relative(REPO_ROOT, RESULTS_FILE)} is missing: run \`npm run bench\` first.`);
const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults;
const readmePath = path.join(REPO_ROOT, 'README.md');
writeFileSync(readmePath, withPerformanceTable(readFileSync(readmePath, 'utf8'), renderPerformanceTable(results)));
console.info('README.md: Performance table updated from .bench/results.json');

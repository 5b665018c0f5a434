// `npm run dev`: every part in development mode with hot reload — the player API (tsx watch),
// the host on :3000 and the four remotes on :3001–3004 (rspack serve).
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from './site';

const PARTS = ['player-api', 'remote-members', 'remote-lotto', 'remote-sports', 'remote-karera', 'host'] as const;
const children: ChildProcess[] = [];

for (const part of PARTS) {
  const child = spawn('npm', ['run', 'dev', '-w', part], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${part}]`.padEnd(17);
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`${prefix} ${line}\n`);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  children.push(child);
}

console.info('\n  Suwerte (development): http://localhost:3000 — demo login demoplayer / suwerte123\n');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

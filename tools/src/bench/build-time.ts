import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../site';

export interface BuildTime {
  part: string;
  seconds: number;
}

/** Wall-clock time of each part's production build (`npm run build -w <part>`). */
export function measureBuildTimes(parts: string[]): BuildTime[] {
  return parts.map((part) => {
    const started = process.hrtime.bigint();
    const result = spawnSync('npm', ['run', 'build', '-w', part], { cwd: REPO_ROOT, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`build of ${part} failed`);
    return { part, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  });
}

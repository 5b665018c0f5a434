// The API's malloc setting (decision 194): the same in its image, in `npm start -w player-api` and
// in the launchers of the site, the tests and the bench; and with it, password hashes give their
// 16 MB blocks back instead of leaving them in libuv's threads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_MALLOC_ENV } from './player-api-process';
import { REPO_ROOT } from './site';

describe('the player API runs with one malloc setting', () => {
  const [name, value] = Object.entries(API_MALLOC_ENV)[0] ?? ['', ''];

  it('in its image', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'deploy', 'Dockerfile'), 'utf8');
    const stage = dockerfile.slice(dockerfile.indexOf('AS player-api'));
    const env = stage.slice(stage.indexOf('\nENV '), stage.indexOf('\nWORKDIR'));
    expect(env).toContain(`${name}=${value}`);
  });

  it('under `npm start -w player-api`, unless the operator set one', () => {
    const manifest = z.object({ scripts: z.object({ start: z.string() }) }).parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'player-api', 'package.json'), 'utf8')));
    expect(manifest.scripts.start).toBe(`${name}=\${${name}:-${value}} node dist/main.js`);
  });

  it('so that password hashes give their memory back', () => {
    // 60 hashes as sign-ins make them (two at a time, in libuv's pool), after one to warm up; the
    // process's RSS before and after. Left in the threads' arenas, each kept 16 MB or more.
    const script = `
      const { hashPassword } = await import(${JSON.stringify(path.join(REPO_ROOT, 'player-api', 'src', 'lib', 'passwords.ts'))});
      const rss = () => process.memoryUsage().rss;
      await hashPassword('Karera-Uno-2026');
      const before = rss();
      for (let i = 0; i < 30; i += 1) await Promise.all([hashPassword('Karera-Uno-2026'), hashPassword('Karera-Dos-2026')]);
      console.log(JSON.stringify({ grewMb: (rss() - before) / 1024 / 1024 }));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...API_MALLOC_ENV },
      encoding: 'utf8',
    });
    const { grewMb } = z.object({ grewMb: z.number() }).parse(JSON.parse(output.trim().split('\n').at(-1) ?? ''));
    expect(grewMb).toBeLessThan(16);
  }, 60_000);
});

import path from 'node:path';
import { FILES, REMOTES, REMOTE_NAMES } from '@suwerte/federation';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/site';
import { devRemotesJson, runtimeConfig, runtimeFileMiddlewares } from './dev-runtime.mjs';

const hostFile = path.join(REPO_ROOT, 'host', 'public', FILES.registry);

describe('what a dev server answers besides the build', () => {
  it('the host’s remotes.json points every remote at its dev server, moved with the host’s port', () => {
    const at3000 = JSON.parse(devRemotesJson(hostFile, 3000)) as { remotes: Record<string, { entry: string; routes: string[] }> };
    for (const name of REMOTE_NAMES) expect(at3000.remotes[name]?.entry).toBe(`http://localhost:${REMOTES[name].port}/${FILES.manifest}`);
    expect(at3000.remotes.lotto?.routes).toContain('/Lotto');
    const moved = JSON.parse(devRemotesJson(hostFile, 6340)) as { remotes: Record<string, { entry: string }> };
    expect(moved.remotes.karera?.entry).toBe(`http://localhost:${6340 + REMOTES.karera.port - 3000}/${FILES.manifest}`);
  });

  it('config.json names the API for both site types', () => {
    expect(JSON.parse(runtimeConfig('http://localhost:6350/'))).toMatchObject({ api: { production: 'http://localhost:6350', test: 'http://localhost:6350' }, gameSite: { production: 'http://localhost:6350/games' } });
  });

  it('a remote’s server answers config.json only; the host’s remotes.json too', () => {
    expect(runtimeFileMiddlewares({ dir: path.join(REPO_ROOT, 'remote-lotto'), apiUrl: 'http://x', hostPort: null }).map((middleware) => middleware.path)).toEqual([`/${FILES.runtimeConfig}`]);
    expect(runtimeFileMiddlewares({ dir: path.join(REPO_ROOT, 'host'), apiUrl: 'http://x', hostPort: 3000 }).map((middleware) => middleware.path)).toEqual([`/${FILES.runtimeConfig}`, `/${FILES.registry}`]);
  });
});

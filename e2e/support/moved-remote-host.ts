import path from 'node:path';
import { serveStatic, type StaticServer } from '@suwerte/tools/serve-static';
import { REPO_ROOT, remotesJson, runtimeConfig, type Remote, type SitePorts } from '@suwerte/tools/site';
import { apiUrl } from './api';

/** The ports of the suite's site (global setup). */
export const sitePorts = (): SitePorts => JSON.parse(process.env.E2E_PORTS ?? '{}') as SitePorts;

/**
 * A second host of the production build on `port`, whose `remotes.json` points `remote` at
 * `remoteUrl` (e.g. a port nothing listens on: the remote is down) and every other remote at the
 * suite's own servers. For tests of a remote that is down, slow or moved.
 */
export function serveHostWithRemoteAt(port: number, remote: Remote, remoteUrl: string): Promise<StaticServer> {
  const ports = sitePorts();
  return serveStatic({
    root: path.join(REPO_ROOT, 'host', 'dist'),
    port,
    spa: true,
    overrides: {
      '/remotes.json': remotesJson((name) => (name === remote ? remoteUrl : `http://localhost:${ports.remotes[name]}`)),
      '/config.json': runtimeConfig(apiUrl()),
    },
  });
}

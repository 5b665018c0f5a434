// `npm start`: the whole site from production builds on its embedded defaults (demo data included).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startSite } from './site';

const databasePath = process.env.DATABASE_PATH ?? path.join(REPO_ROOT, 'player-api', '.data', 'suwerte.sqlite');
mkdirSync(path.dirname(databasePath), { recursive: true });

const site = await startSite({ databasePath, apiLogs: process.env.API_LOGS === '1', bindHost: process.env.BIND_HOST ?? '127.0.0.1' });
console.info(`
  Suwerte is running.

    Open ${site.hostUrl}
    Demo login: demoplayer / suwerte123

  Player API ${site.apiUrl} · remotes on ports ${Object.values(site.ports.remotes).join(', ')}
  Press Ctrl+C to stop.
`);

const shutdown = () => {
  void site.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

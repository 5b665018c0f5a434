// Module Federation's names, ports and files are defined once, in @suwerte/federation (constants.mjs).
// What cannot import them — the compose file, the Dockerfiles, nginx's configuration, npm's workspace
// list, the host's remotes.json — is held to them here (docs/decisions/155).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { API_PORT, FILES, HOST_PORT, KERNEL_KEYS, REMOTES, REMOTE_NAMES, remotePort } from '@suwerte/federation';
import { REPO_ROOT } from './site';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('the federation home and its declarative copies', () => {
  it('the compose file runs one service per remote, on its port, and gives the host every remote’s URL', () => {
    const compose = read('docker-compose.yml');
    const services = [...compose.matchAll(/^ {2}(remote-[a-z]+):$/gm)].map((match) => match[1]);
    expect(services.sort()).toEqual(REMOTE_NAMES.map((name) => `remote-${name}`).sort());
    for (const name of REMOTE_NAMES) {
      const upper = name.toUpperCase();
      expect(compose, name).toContain(`\${${upper}_PORT:-${REMOTES[name].port}}:8080`);
      expect(compose, name).toContain(`REMOTE_${upper}_URL: \${REMOTE_${upper}_URL:-http://localhost:${REMOTES[name].port}}`);
    }
  });

  it('the remote image builds the remotes there are, and nothing else', () => {
    const dockerfile = read('deploy/Dockerfile');
    const cases = /case "\$REMOTE" in ([a-z|]+)\)/.exec(dockerfile)?.[1]?.split('|');
    expect(cases?.sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('nginx revalidates exactly the files a release or the configuration changes in place', () => {
    const rule = /"~\(\^\|\/\)\(([^)]*)\)\$" "no-cache"/.exec(read('deploy/nginx/nginx.conf.template'))?.[1]?.split('|').map((name) => name.replace(/\\\./g, '.'));
    expect(rule).toEqual(expect.arrayContaining([FILES.registry, FILES.runtimeConfig, FILES.manifest, FILES.remoteEntry, 'index.html']));
  });

  it('npm builds and tests each remote, and the host’s remotes.json routes each one', () => {
    const root = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
    for (const name of REMOTE_NAMES) {
      expect(root.workspaces, name).toContain(`remote-${name}`);
      expect(root.scripts.build, name).toContain(`npm run build -w remote-${name}`);
    }
    const registry = JSON.parse(read(`host/public/${FILES.registry}`)) as { remotes: Record<string, { entry: string }> };
    expect(Object.keys(registry.remotes)).toEqual(REMOTE_NAMES);
    for (const name of REMOTE_NAMES) expect(registry.remotes[name]?.entry).toBe(`http://localhost:${remotePort(name)}/${FILES.manifest}`);
  });

  it('the ports leave room for every part, and the kernel entry points are the kernel package’s', () => {
    const ports = [HOST_PORT, API_PORT, ...REMOTE_NAMES.map((name) => remotePort(name))];
    expect(new Set(ports).size).toBe(ports.length);
    expect(remotePort('lotto', 6340)).toBe(6340 + REMOTES.lotto.port - HOST_PORT);
    const kernel = JSON.parse(read('shared/kernel/package.json')) as { name: string; exports: Record<string, string> };
    for (const key of KERNEL_KEYS) expect(Object.keys(kernel.exports), key).toContain(key === kernel.name ? '.' : `.${key.slice(kernel.name.length)}`);
  });
});

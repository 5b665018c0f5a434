import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../cluster-nodes';
import { GATEWAY_ENTRYPOINT, GATEWAY_TEMPLATE, GATEWAY_VARIABLES, checkGateway, renderGatewayConfig, startGateway } from './api-gateway';

// The gateway with real player-API nodes behind it: player-api/src/cluster/multi-node.postgres.test.ts.
describe('the API gateway configuration (deploy/gateway)', () => {
  const template = readFileSync(GATEWAY_TEMPLATE, 'utf8');

  it('fills only its own variables, as the nginx image does, and leaves nginx variables alone', () => {
    const rendered = renderGatewayConfig(template, { GATEWAY_LISTEN: '8080', API_NODE_1: 'player-api-1:4000', API_NODE_2: 'player-api-2:4000', GATEWAY_ACCESS_LOG: '/dev/stdout' });
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toContain('server player-api-1:4000');
    expect(rendered).toContain('proxy_set_header Upgrade $http_upgrade;');
    // Every variable the template uses is one the gateway service is given.
    const used = new Set([...template.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]));
    expect([...used].sort()).toEqual([...GATEWAY_VARIABLES].sort());
  });

  it("is rendered by the gateway image's entrypoint exactly as here, and the entrypoint refuses bad settings", () => {
    const work = mkdtempSync(path.join(tmpdir(), 'suwerte-gateway-entrypoint-'));
    try {
      const run = (env: Record<string, string>) =>
        spawnSync('sh', [GATEWAY_ENTRYPOINT], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH, RUNTIME_DIR: work, GATEWAY_TEMPLATE, NGINX_BIN: 'true', SUWERTE_CHECK_ONLY: '1', ...env },
        });
      const nodes = { API_NODE_1: 'player-api-1:4000', API_NODE_2: 'player-api-2:4000' };
      const ok = run(nodes);
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      // Its defaults are the compose service's settings.
      expect(readFileSync(path.join(work, 'gateway.conf'), 'utf8')).toBe(renderGatewayConfig(template, { GATEWAY_LISTEN: '8080', GATEWAY_ACCESS_LOG: '/dev/stdout', ...nodes }));
      expect(readFileSync(path.join(work, 'nginx.conf'), 'utf8')).toContain(`include ${work}/gateway.conf;`);
      expect(run({ ...nodes, API_NODE_2: '' }).stderr).toBe("suwerte-gateway: API_NODE_2 must be a node's host:port, e.g. player-api-1:4000 (got '')\n");
      expect(run({ ...nodes, API_NODE_1: 'a b:4000' }).status).toBe(64);
      expect(run({ ...nodes, GATEWAY_LISTEN: '80; evil' }).stderr).toMatch(/GATEWAY_LISTEN must be a port or address:port/);
      expect(run({ ...nodes, GATEWAY_ACCESS_LOG: '/tmp/x|y' }).stderr).toMatch(/GATEWAY_ACCESS_LOG must be off or a plain path/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('passes nginx -t on Debian nginx', () => {
    const result = checkGateway(6798, ['127.0.0.1:6796', '127.0.0.1:6797']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  // Issue 31 (docs/decisions/142): the socket's ticket and a launch's access token ride in the
  // query; the gateway's log never holds them, nor anything after them.
  it('writes no token to its access log: the query is cut at the first token parameter', async () => {
    const nodes: Server[] = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Server>((resolve) => {
            const server = createServer((_request, response) => response.end('ok'));
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const ports = nodes.map((node) => (node.address() as AddressInfo).port);
    const gateway = await startGateway((await freePorts(1))[0] ?? 0, [`127.0.0.1:${ports[0] ?? 0}`, `127.0.0.1:${ports[1] ?? 0}`]);
    try {
      const secrets = ['eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl', 'second-copy-of-it', 'a-token-value'];
      for (const path of [
        `/socket.io/?username=juan&accesstoken=${secrets[0]}&EIO=4&transport=polling`,
        `/games/pick3?type=42&accesstoken=${secrets[0]}&accesstoken=${secrets[1]}`,
        `/games/pick3?ACCESS_TOKEN=${secrets[2]}`,
        `/account/?token=${secrets[2]}`,
        '/operator/deposits?status=pending&limit=5',
      ]) {
        expect((await fetch(`${gateway.url}${path}`)).status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = gateway.accessLog();
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).toContain('"GET /socket.io/?username=juan&accesstoken=[REDACTED] HTTP/1.1"');
      expect(log).toContain('"GET /games/pick3?type=42&accesstoken=[REDACTED] HTTP/1.1"');
      // A query without a token is written whole.
      expect(log).toContain('"GET /operator/deposits?status=pending&limit=5 HTTP/1.1"');
    } finally {
      await gateway.stop();
      for (const node of nodes) node.close();
    }
  });
});

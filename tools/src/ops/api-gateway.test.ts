import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_TEMPLATE, GATEWAY_VARIABLES, checkGateway, renderGatewayConfig } from './api-gateway';

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

  it('passes nginx -t on Debian nginx', () => {
    const result = checkGateway(6798, ['127.0.0.1:6796', '127.0.0.1:6797']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { ENTRYPOINT, REGISTRY_TEMPLATE_SCRIPT, TEMPLATE_DIR } from './static-part';

// The container entrypoint's generation step, run for real with `true` standing in for nginx
// (the e2e suite runs it with Debian's nginx). The registry template comes from the host's own
// remotes.json, as the image build makes it.
let work: string;
let template: string;

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'suwerte-entrypoint-'));
  template = path.join(work, 'remotes.template.json');
  const made = spawnSync(process.execPath, [REGISTRY_TEMPLATE_SCRIPT, path.join(REPO_ROOT, 'host', 'public', 'remotes.json')], { encoding: 'utf8' });
  expect(made.status).toBe(0);
  writeFileSync(template, made.stdout);
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

const HOST_ENV = {
  PLAYER_API_URL: 'https://api.suwerte.example',
  REMOTE_MEMBERS_URL: 'https://cdn.suwerte.example/members',
  REMOTE_LOTTO_URL: 'https://lotto.suwerte.example/',
  REMOTE_LOTTO_VERSION: '1.4.2',
  REMOTE_SPORTS_URL: 'https://cdn.suwerte.example/sports',
  REMOTE_KARERA_URL: 'http://localhost:3004',
};

function run(part: 'host' | 'remote', env: Record<string, string>, extra: Record<string, string> = {}) {
  const result = spawnSync('sh', [ENTRYPOINT], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      SUWERTE_PART: part,
      SUWERTE_CHECK_ONLY: '1',
      NGINX_BIN: 'true',
      APP_DIR: path.join(REPO_ROOT, part === 'host' ? 'host' : 'remote-lotto', 'public'),
      RUNTIME_DIR: path.join(work, 'runtime'),
      RELEASES_DIR: path.join(work, 'releases'),
      TEMPLATE_DIR,
      REGISTRY_TEMPLATE: template,
      NGINX_MODULES_DIR: path.join(work, 'modules'),
      ...env,
      ...extra,
    },
  });
  const read = (file: string) => readFileSync(path.join(work, 'runtime', file), 'utf8');
  return { status: result.status, stderr: result.stderr, read };
}

describe('container entrypoint', () => {
  it("writes the host's remotes.json from REMOTE_*_URL / _VERSION, keeping the host's routes", () => {
    const { status, read } = run('host', HOST_ENV);
    expect(status).toBe(0);
    const registry = JSON.parse(read('public/remotes.json')) as { remotes: Record<string, { entry: string; routes: string[] }> };
    const source = JSON.parse(readFileSync(path.join(REPO_ROOT, 'host', 'public', 'remotes.json'), 'utf8')) as typeof registry;
    expect(registry.remotes.members?.entry).toBe('https://cdn.suwerte.example/members/mf-manifest.json');
    expect(registry.remotes.lotto?.entry).toBe('https://lotto.suwerte.example/1.4.2/mf-manifest.json');
    expect(registry.remotes.karera?.entry).toBe('http://localhost:3004/mf-manifest.json');
    for (const name of Object.keys(source.remotes)) expect(registry.remotes[name]?.routes).toEqual(source.remotes[name]?.routes);
  });

  it('writes config.json from PLAYER_API_URL and the optional overrides', async () => {
    const { status, read } = run('host', { ...HOST_ENV, GAME_SITE_URL: 'https://games.suwerte.example', ANALYTICS_MEASUREMENT_ID: 'G-SUWERTE1' });
    expect(status).toBe(0);
    const { RuntimeConfigSchema } = await import('@suwerte/shared');
    expect(RuntimeConfigSchema.parse(JSON.parse(read('public/config.json')))).toEqual({
      api: { production: 'https://api.suwerte.example', test: 'https://api.suwerte.example' },
      socket: { production: 'https://api.suwerte.example', test: 'https://api.suwerte.example' },
      gameSite: { production: 'https://games.suwerte.example', test: 'https://games.suwerte.example' },
      imageUpload: { url: 'https://api.suwerte.example/image/upload', uploadPreset: 'suwerte', cloudName: 'suwerte' },
      defaultReferralCode: 'SUWERTE',
      analytics: { measurementId: 'G-SUWERTE1' },
    });
  });

  it("builds a CSP that allows the remotes' origins and the API/socket origins (http and ws) and nothing else", () => {
    const { status, read } = run('host', { ...HOST_ENV, SOCKET_URL: 'https://live.suwerte.example/karera' });
    expect(status).toBe(0);
    const csp = /Content-Security-Policy "([^"]+)"/.exec(read('headers.conf'))?.[1] ?? '';
    const directives = Object.fromEntries(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]));
    const remotes = "'self' https://cdn.suwerte.example https://lotto.suwerte.example http://localhost:3004";
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': remotes,
      'style-src': `${remotes} 'unsafe-inline'`,
      'img-src': `${remotes} https://api.suwerte.example https://live.suwerte.example data: blob:`,
      'font-src': `${remotes} data:`,
      'connect-src': `${remotes} https://api.suwerte.example https://live.suwerte.example wss://api.suwerte.example wss://live.suwerte.example`,
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(read('headers.conf')).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(read('headers.conf')).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
  });

  it('refuses URLs the browser cannot reach or that would break the generated files', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PLAYER_API_URL: 'http://player-api:4000' }, /container name 'player-api'/],
      [{ REMOTE_LOTTO_URL: 'http://remote-lotto:8080' }, /container name 'remote-lotto'/],
      [{ PLAYER_API_URL: 'localhost:4000' }, /absolute http\(s\) URL/],
      [{ REMOTE_SPORTS_URL: 'https://cdn.example/"sports' }, /characters not allowed/],
      [{ REMOTE_MEMBERS_URL: '' }, /REMOTE_MEMBERS_URL is not set/],
      [{ REMOTE_LOTTO_VERSION: 'latest' }, /REMOTE_LOTTO_VERSION must be a version/],
      [{ DEFAULT_REFERRAL_CODE: 'a b' }, /DEFAULT_REFERRAL_CODE must be/],
    ];
    for (const [override, message] of cases) {
      const { status, stderr } = run('host', { ...HOST_ENV, ...override });
      expect(status, JSON.stringify(override)).toBe(64);
      expect(stderr).toMatch(message);
    }
  });

  it('publishes a remote’s own release beside the ones on its volume and serves it at the root', () => {
    mkdirSync(path.join(work, 'releases', '1.0.0'), { recursive: true });
    writeFileSync(path.join(work, 'releases', '1.0.0', 'mf-manifest.json'), '{"name":"lotto"}');
    const appDir = path.join(work, 'app');
    mkdirSync(appDir);
    writeFileSync(path.join(appDir, 'mf-manifest.json'), '{"name":"lotto","v":2}');
    const { status, read } = run('remote', { PLAYER_API_URL: 'http://localhost:4000', RELEASE: '1.1.0' }, { APP_DIR: appDir });
    expect(status).toBe(0);
    expect(readFileSync(path.join(work, 'releases', '1.1.0', 'mf-manifest.json'), 'utf8')).toBe('{"name":"lotto","v":2}');
    expect(readFileSync(path.join(work, 'releases', '1.0.0', 'mf-manifest.json'), 'utf8')).toBe('{"name":"lotto"}');
    expect(read('site.conf')).toContain('try_files /1.1.0$uri =404;');
    // A remote's own page talks only to itself and the API.
    expect(read('headers.conf')).toContain("script-src 'self';");
  });

  it('turns brotli on only when the nginx build has the module', () => {
    expect(run('host', HOST_ENV).read('compression.conf')).not.toContain('brotli');
    mkdirSync(path.join(work, 'modules'));
    writeFileSync(path.join(work, 'modules', 'ngx_http_brotli_filter_module.so'), '');
    const { read } = run('host', HOST_ENV);
    expect(read('modules.conf')).toContain('ngx_http_brotli_filter_module.so');
    expect(read('compression.conf')).toContain('brotli on;');
    expect(read('compression.conf')).toContain('gzip on;');
  });
});

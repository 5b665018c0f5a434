import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { ENTRYPOINT, REGISTRY_TEMPLATE_SCRIPT, TEMPLATE_DIR, federationEnvFile } from './static-part';

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
  REMOTE_MEMBERS_VERSION: '1.0.0',
  REMOTE_LOTTO_URL: 'https://lotto.suwerte.example/',
  REMOTE_LOTTO_VERSION: '1.4.2',
  REMOTE_SPORTS_URL: 'https://cdn.suwerte.example/sports',
  REMOTE_SPORTS_VERSION: '1.0.0',
  REMOTE_KARERA_URL: 'http://localhost:3004',
  REMOTE_KARERA_VERSION: 'current',
};

function run(part: 'host' | 'remote', env: Record<string, string>, extra: Record<string, string> = {}, args: string[] = []) {
  const result = spawnSync('sh', [ENTRYPOINT, ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      SUWERTE_PART: part,
      FEDERATION_ENV: federationEnvFile(),
      SUWERTE_CHECK_ONLY: '1',
      NGINX_BIN: 'true',
      APP_DIR: path.join(REPO_ROOT, part === 'host' ? 'host' : 'remote-lotto', 'public'),
      RUNTIME_DIR: path.join(work, 'runtime'),
      RELEASES_DIR: path.join(work, 'releases'),
      REGISTRY_DIR: path.join(work, 'runtime', 'registry'),
      TEMPLATE_DIR,
      REGISTRY_TEMPLATE: template,
      NGINX_MODULES_DIR: path.join(work, 'modules'),
      ...env,
      ...extra,
    },
  });
  const read = (file: string) => readFileSync(path.join(work, 'runtime', file), 'utf8');
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, read };
}

/** A remote's build (or a release on its volume) holding these files. */
function tree(dir: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('container entrypoint', () => {
  it("writes the host's remotes.json from REMOTE_*_URL / _VERSION, keeping the host's routes", () => {
    const { status, read } = run('host', HOST_ENV);
    expect(status).toBe(0);
    const registry = JSON.parse(read('registry/remotes.json')) as { remotes: Record<string, { entry: string; routes: string[]; canary?: unknown }> };
    const source = JSON.parse(readFileSync(path.join(REPO_ROOT, 'host', 'public', 'remotes.json'), 'utf8')) as typeof registry;
    expect(registry.remotes.members?.entry).toBe('https://cdn.suwerte.example/members/1.0.0/mf-manifest.json');
    expect(registry.remotes.lotto?.entry).toBe('https://lotto.suwerte.example/1.4.2/mf-manifest.json');
    // Following the server's own release is asked for by name, never a default.
    expect(registry.remotes.karera?.entry).toBe('http://localhost:3004/mf-manifest.json');
    for (const name of Object.keys(source.remotes)) {
      expect(registry.remotes[name]?.routes).toEqual(source.remotes[name]?.routes);
      expect(registry.remotes[name]?.canary).toBeUndefined();
    }
  });

  it('gives a remote a canary release for a share of players', () => {
    const { status, read } = run('host', { ...HOST_ENV, REMOTE_LOTTO_CANARY_VERSION: '1.5.0-rc.1', REMOTE_LOTTO_CANARY_SHARE: '25' });
    expect(status).toBe(0);
    const registry = JSON.parse(read('registry/remotes.json')) as { remotes: Record<string, { entry: string; canary?: unknown }> };
    expect(registry.remotes.lotto).toMatchObject({
      entry: 'https://lotto.suwerte.example/1.4.2/mf-manifest.json',
      canary: { entry: 'https://lotto.suwerte.example/1.5.0-rc.1/mf-manifest.json', share: 25 },
    });
    expect(registry.remotes.sports?.canary).toBeUndefined();
  });

  it('keeps the registry as publish-remote pointed it across a restart; changed REMOTE_* settings write it again (issue 36)', async () => {
    const file = path.join(work, 'runtime', 'registry', 'remotes.json');
    const first = run('host', HOST_ENV);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`first start: ${file} written from REMOTE_*`);

    // An operator promotes lotto 1.5.0 with publish-remote (no host check here: none is served).
    const { pointRemote } = await import('../publish-remote');
    await pointRemote(file, 'lotto', 'https://lotto.suwerte.example/1.5.0/mf-manifest.json');
    const pointed = readFileSync(file, 'utf8');

    // The host restarts with the same settings: what was pointed stays.
    const restart = run('host', HOST_ENV);
    expect(restart.status).toBe(0);
    expect(restart.stdout).toContain(`serving the registry kept in ${file} (REMOTE_* unchanged since it was written; what was pointed since stays)`);
    expect(readFileSync(file, 'utf8')).toBe(pointed);
    expect((JSON.parse(pointed) as { remotes: Record<string, { entry: string }> }).remotes.lotto?.entry).toBe('https://lotto.suwerte.example/1.5.0/mf-manifest.json');

    // The operator changes a setting on purpose (compose's way of pointing): the registry follows it.
    const changed = run('host', { ...HOST_ENV, REMOTE_SPORTS_VERSION: '1.1.0' });
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain(`REMOTE_* changed since ${file} was written: it is written from them again (replacing what was pointed since)`);
    const registry = JSON.parse(readFileSync(file, 'utf8')) as { remotes: Record<string, { entry: string }> };
    expect(registry.remotes.sports?.entry).toBe('https://cdn.suwerte.example/sports/1.1.0/mf-manifest.json');
    expect(registry.remotes.lotto?.entry).toBe('https://lotto.suwerte.example/1.4.2/mf-manifest.json');
    // …and nothing of it is left half-written.
    expect(readdirSync(path.dirname(file)).sort()).toEqual(['remotes.json', 'remotes.settings']);

    // A kept registry that is not one is refused by name, never served.
    writeFileSync(file, 'oops');
    const broken = run('host', { ...HOST_ENV, REMOTE_SPORTS_VERSION: '1.1.0' });
    expect(broken.status).toBe(64);
    expect(broken.stderr).toContain(`${file} has no "remotes": fix it, or delete it to write it again from the REMOTE_* variables`);
  });

  it('writes config.json from PLAYER_API_URL and the optional overrides', async () => {
    const { status, read } = run('host', { ...HOST_ENV, GAME_SITE_URL: 'https://games.suwerte.example', ANALYTICS_MEASUREMENT_ID: 'G-SUWERTE1', VITALS_SAMPLE_RATE: '0.25' });
    expect(status).toBe(0);
    const { RuntimeConfigSchema } = await import('@suwerte/shared/host');
    expect(RuntimeConfigSchema.parse(JSON.parse(read('public/config.json')))).toEqual({
      api: { production: 'https://api.suwerte.example', test: 'https://api.suwerte.example' },
      socket: { production: 'https://api.suwerte.example', test: 'https://api.suwerte.example' },
      gameSite: { production: 'https://games.suwerte.example', test: 'https://games.suwerte.example' },
      imageUpload: { url: 'https://api.suwerte.example/image/upload', uploadPreset: 'suwerte', cloudName: 'suwerte' },
      defaultReferralCode: 'SUWERTE',
      analytics: { measurementId: 'G-SUWERTE1' },
      vitals: { sampleRate: 0.25 },
    });
    // Unset, 1 page load in 10 reports its vitals; a rate that is not one is refused by name.
    const plain = run('host', HOST_ENV);
    expect(JSON.parse(plain.read('public/config.json'))).toMatchObject({ vitals: { sampleRate: 0.1 } });
    for (const bad of ['lots', '1.5', '-0.1', '0.1; rm']) {
      const refused = run('host', { ...HOST_ENV, VITALS_SAMPLE_RATE: bad });
      expect(refused.status, bad).toBe(64);
      expect(refused.stderr).toContain(`VITALS_SAMPLE_RATE must be a number from 0 to 1, such as 0.1 (got '${bad}')`);
    }
  });

  it("builds a CSP that allows the remotes' origins and the API/socket origins (http and ws) and nothing else", () => {
    const { status, read } = run('host', { ...HOST_ENV, SOCKET_URL: 'https://live.suwerte.example/karera' });
    expect(status).toBe(0);
    // The CSP goes with documents only (pages and SVGs), by the answer's type (docs/decisions/237).
    const csp = /\$suwerte_csp \{\s*default "";\s*"~\^\(text\/html\|image\/svg\\\+xml\)" "([^"]+)";/.exec(read('documents.conf'))?.[1] ?? '';
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
    expect(read('headers.conf')).toContain('add_header Content-Security-Policy $suwerte_csp always;');
    expect(read('headers.conf')).toContain('add_header X-Frame-Options $suwerte_frame_options always;');
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
      [{ REMOTE_SPORTS_VERSION: '' }, /REMOTE_SPORTS_VERSION is not set: the release of remote-sports every player gets/],
      [{ REMOTE_LOTTO_CANARY_VERSION: '1.5.0' }, /REMOTE_LOTTO_CANARY_SHARE must be the percentage/],
      [{ REMOTE_LOTTO_CANARY_VERSION: '1.5.0', REMOTE_LOTTO_CANARY_SHARE: '100' }, /REMOTE_LOTTO_CANARY_SHARE must be the percentage/],
      [{ REMOTE_LOTTO_CANARY_VERSION: '../x', REMOTE_LOTTO_CANARY_SHARE: '5' }, /REMOTE_LOTTO_CANARY_VERSION must be a version/],
      [{ REMOTE_LOTTO_CANARY_SHARE: '5' }, /REMOTE_LOTTO_CANARY_VERSION is not/],
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
    expect(read('documents.conf')).toContain("script-src 'self';");
  });

  it('never replaces or removes a published release: the same version with other content is refused', () => {
    const releases = path.join(work, 'releases');
    tree(path.join(releases, '1.1.0'), { 'mf-manifest.json': '{"name":"lotto","v":1}', 'main.abc.js': 'one' });
    const env = { PLAYER_API_URL: 'http://localhost:4000', RELEASE: '1.1.0' };
    // The same build again (a container restart): served as it is.
    const same = run('remote', env, { APP_DIR: tree(path.join(work, 'same'), { 'mf-manifest.json': '{"name":"lotto","v":1}', 'main.abc.js': 'one' }) });
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('release 1.1.0 is already published (same content)');
    // A rebuilt 1.1.0 that differs: refused, and the published one is untouched.
    const other = run('remote', env, { APP_DIR: tree(path.join(work, 'other'), { 'mf-manifest.json': '{"name":"lotto","v":2}', 'main.def.js': 'two' }) });
    expect(other.status).toBe(64);
    expect(other.stderr).toMatch(/release 1\.1\.0 is already published on this server with other content; releases never change/);
    expect(readFileSync(path.join(releases, '1.1.0', 'main.abc.js'), 'utf8')).toBe('one');
    expect(readdirSync(releases)).toEqual(['1.1.0']);
  });

  it('prunes old releases on request, keeping the served, the pinned and the newest, and never without the pinned', () => {
    const releases = path.join(work, 'releases');
    ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0'].forEach((version, index) => {
      tree(path.join(releases, version), { 'mf-manifest.json': version });
      utimesSync(path.join(releases, version), new Date(1_000_000 + index * 1000), new Date(1_000_000 + index * 1000));
    });
    const refused = run('remote', {}, { RELEASE: '1.2.0' }, ['prune', '--keep', '0']);
    expect(refused.status).toBe(64);
    expect(refused.stderr).toMatch(/--keep must be a whole number/);
    // Without the pinned releases it would keep only the served one and the newest: refused, nothing removed.
    const unpinned = run('remote', {}, { RELEASE: '1.2.0' }, ['prune', '--keep', '1']);
    expect(unpinned.status).toBe(64);
    expect(unpinned.stderr).toMatch(/give --pin x\.y\.z for each/);
    expect(readdirSync(releases)).toHaveLength(5);
    const pruned = run('remote', {}, { RELEASE: '1.2.0' }, ['prune', '--keep', '1', '--pin', '1.0.0']);
    expect(pruned.status).toBe(0);
    expect(readdirSync(releases).sort()).toEqual(['1.0.0', '1.2.0', '1.4.0']);
    expect(pruned.stdout).toContain('removed 1.1.0 1.3.0');
  });

  it('turns brotli on only when the nginx build has the module', () => {
    expect(run('host', HOST_ENV).read('compression.conf')).not.toContain('brotli');
    mkdirSync(path.join(work, 'modules'));
    writeFileSync(path.join(work, 'modules', 'ngx_http_brotli_filter_module.so'), '');
    const { read } = run('host', HOST_ENV);
    expect(read('modules.conf')).toContain('ngx_http_brotli_filter_module.so');
    expect(read('compression.conf')).toContain('brotli on;');
    expect(read('compression.conf')).toContain('gzip on;');
    // Without the static module, brotli only on the fly.
    expect(read('compression.conf')).not.toContain('brotli_static');
  });

  it("sends a build's precompressed twins as they are: gzip_static always, brotli_static with its module", () => {
    expect(run('host', HOST_ENV).read('compression.conf')).toContain('gzip_static on;');
    mkdirSync(path.join(work, 'modules'));
    writeFileSync(path.join(work, 'modules', 'ngx_http_brotli_filter_module.so'), '');
    writeFileSync(path.join(work, 'modules', 'ngx_http_brotli_static_module.so'), '');
    const { read } = run('host', HOST_ENV);
    expect(read('modules.conf').trim().split('\n')).toEqual([
      `load_module ${path.join(work, 'modules', 'ngx_http_brotli_filter_module.so')};`,
      `load_module ${path.join(work, 'modules', 'ngx_http_brotli_static_module.so')};`,
    ]);
    expect(read('compression.conf')).toContain('brotli_static on;');
    expect(read('compression.conf')).toContain('gzip_static on;');
  });
});

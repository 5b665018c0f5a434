import { describe, expect, it } from 'vitest';
import { DevOptionsError, devOptions, devParts } from './dev';

describe('npm run dev options', () => {
  it("defaults to today's ports and API", () => {
    expect(devOptions([], {})).toEqual({ portBase: 3000, apiPort: 4000, apiUrl: 'http://localhost:4000' });
  });

  it('takes flags before the environment', () => {
    expect(devOptions(['--port-base', '6340', '--api-port', '6350'], { SUWERTE_DEV_PORT_BASE: '7000' })).toEqual({
      portBase: 6340,
      apiPort: 6350,
      apiUrl: 'http://localhost:6350',
    });
    expect(devOptions([], { SUWERTE_DEV_PORT_BASE: '7000', SUWERTE_API_PORT: '7100', SUWERTE_API_URL: 'https://api.dev.example' })).toEqual({
      portBase: 7000,
      apiPort: 7100,
      apiUrl: 'https://api.dev.example',
    });
  });

  it('refuses ports that are not ports, an API on the site’s ports, and a bad URL', () => {
    expect(() => devOptions(['--port-base', 'abc'], {})).toThrow(DevOptionsError);
    expect(() => devOptions(['--port-base', '70000'], {})).toThrow(/--port-base must be a port number/);
    expect(() => devOptions(['--port-base', '6340', '--api-port', '6342'], {})).toThrow(/one of the site's ports/);
    expect(() => devOptions(['--api-url', 'localhost:4000'], {})).toThrow(/--api-url/);
  });

  it('starts every part on its port with the API URL', () => {
    const parts = devParts({ portBase: 6340, apiPort: 6350, apiUrl: 'http://localhost:6350' });
    expect(parts.map(({ part, port, args }) => [part, port, args.join(' ')])).toEqual([
      ['player-api', 6350, ''],
      ['remote-members', 6341, '--port 6341'],
      ['remote-lotto', 6342, '--port 6342'],
      ['remote-sports', 6343, '--port 6343'],
      ['remote-karera', 6344, '--port 6344'],
      ['host', 6340, '--port 6340'],
    ]);
    expect(parts[0]?.env).toEqual({
      PORT: '6350',
      PUBLIC_URL: 'http://localhost:6350',
      CORS_ORIGINS: 'http://localhost:6340,http://localhost:6341,http://localhost:6342,http://localhost:6343,http://localhost:6344',
    });
    expect(parts[5]?.env).toEqual({ SUWERTE_API_URL: 'http://localhost:6350' });
  });
});

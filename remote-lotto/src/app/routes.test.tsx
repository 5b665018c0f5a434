import { matchPath } from '@suwerte/shared';
import { routes } from './routes';

describe('lotto routes', () => {
  it('owns the lotto page and every lotto launch route', () => {
    const paths = routes.map((route) => route.path ?? '');
    for (const url of ['/Lotto', '/Pick3Route/42', '/Pick12Route/58', '/MegaMillionRoute', '/EZ2Route/abc123', '/WetengRoute/7']) {
      expect(paths.some((path) => matchPath(`/${path}`, url))).toBe(true);
    }
  });

  it('loads each page only when visited, and every one resolves to its component', async () => {
    const components = await Promise.all(
      routes.map(async (route) => {
        if (typeof route.lazy !== 'function') throw new Error(`${route.path ?? ''} is not lazy`);
        const loaded = (await route.lazy()) as { Component?: { name: string } };
        return [route.path, loaded.Component?.name];
      }),
    );
    expect(Object.fromEntries(components)).toEqual({
      Lotto: 'LottoPage',
      'Pick3Route/:id': 'Pick3LaunchPage',
      'Pick12Route/:id': 'Pick12LaunchPage',
      MegaMillionRoute: 'MegaMillionLaunchPage',
      'EZ2Route/:id': 'EZ2LaunchPage',
      'WetengRoute/:id': 'WetengLaunchPage',
    });
  });
});

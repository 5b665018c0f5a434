import { matchPath } from '@suwerte/shared';
import { routes } from './routes';

describe('lotto routes', () => {
  it('owns the lotto page and every lotto launch route', () => {
    const paths = routes.map((route) => route.path ?? '');
    for (const url of ['/Lotto', '/Pick3Route/42', '/Pick12Route/58', '/MegaMillionRoute', '/EZ2Route/abc123', '/WetengRoute/7']) {
      expect(paths.some((path) => matchPath(`/${path}`, url))).toBe(true);
    }
  });
});

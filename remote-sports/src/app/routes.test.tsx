import { matchPath } from '@suwerte/shared';
import { routes } from './routes';

describe('sports routes', () => {
  it('owns every sports route of document 2', () => {
    const paths = routes.map((route) => route.path ?? '');
    for (const url of [
      '/Sports',
      '/Basketball/Grandjackpot/g1',
      '/Basketball/Major/g1',
      '/Basketball/Minor/g1',
      '/EndingRoute/e1/101',
      '/EndingRoute/e1/105',
      '/EndingwqRoute/q1',
      '/TeamBetting/t1',
      '/FTTS/f1',
      '/OddEven/o1',
    ]) {
      expect(paths.some((path) => matchPath(`/${path}`, url))).toBe(true);
    }
  });
});

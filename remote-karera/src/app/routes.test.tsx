import { matchPath } from '@suwerte/shared';
import { routes } from './routes';

describe('karera routes', () => {
  it('owns every path the host routes to this remote', () => {
    const paths = routes.map((route) => route.path ?? '');
    for (const url of ['/VideoKarera', '/Egames', '/SlotMachine', '/SlotMachineRoute', '/UnoDos']) {
      expect(paths.some((path) => matchPath(`/${path}`, url))).toBe(true);
    }
  });

  it('loads every page lazily', async () => {
    for (const route of routes) {
      expect(route.lazy).toBeTypeOf('function');
    }
  });
});

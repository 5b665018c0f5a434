import type { RouteObject } from '@suwerte/shared';
import { loadRemoteModule } from './remote-loader';

vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn() }));
vi.mock('./registry', () => ({
  loadRemoteRegistry: vi.fn(async () => ({ remotes: { members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] } } })),
  findRemoteForPath: (_registry: unknown, pathname: string) => (pathname.toLowerCase().startsWith('/members') ? 'members' : null),
}));

const lazy = () => vi.fn(async () => ({ Component: () => null }));

function membersRoutes() {
  const layout = lazy();
  const deposit = lazy();
  const withdraw = lazy();
  const launch = lazy();
  const routes: RouteObject[] = [
    {
      path: 'members',
      lazy: layout,
      children: [
        { index: true, element: null },
        { path: 'deposit', lazy: deposit },
        { path: 'withdraw', lazy: withdraw },
      ],
    },
    { path: 'Pick3Route/:id', lazy: launch },
  ];
  return { routes, layout, deposit, withdraw, launch };
}

describe('routeChain', () => {
  it('gives the layout and the page a path renders, outermost first', async () => {
    const { routeChain } = await import('./prefetch-route');
    const { routes } = membersRoutes();
    expect(routeChain(routes, '/members/deposit').map((route) => route.path)).toEqual(['members', 'deposit']);
  });

  it('compares static segments case-insensitively and lets a :param match any segment', async () => {
    const { routeChain } = await import('./prefetch-route');
    const { routes } = membersRoutes();
    expect(routeChain(routes, '/Members/Withdraw').map((route) => route.path)).toEqual(['members', 'withdraw']);
    expect(routeChain(routes, '/Pick3Route/12').map((route) => route.path)).toEqual(['Pick3Route/:id']);
  });

  it('gives the index route for the layout’s own path, and nothing for an unknown path', async () => {
    const { routeChain } = await import('./prefetch-route');
    const { routes } = membersRoutes();
    expect(routeChain(routes, '/members').map((route) => route.index ?? route.path)).toEqual(['members', true]);
    expect(routeChain(routes, '/members/nowhere')).toEqual([]);
    expect(routeChain(routes, '/Pick3Route')).toEqual([]);
  });
});

describe('prefetchRoute', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.mocked(loadRemoteModule).mockReset();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it('loads the remote’s routes and the code of the page and its layout, nothing else, once', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    const members = membersRoutes();
    vi.mocked(loadRemoteModule).mockResolvedValue({ routes: members.routes });
    await prefetchRoute('/members/deposit');
    await prefetchRoute('/members/deposit');
    expect(loadRemoteModule).toHaveBeenCalledTimes(1);
    expect(loadRemoteModule).toHaveBeenCalledWith('members', 'routes');
    expect(members.layout).toHaveBeenCalledTimes(1);
    expect(members.deposit).toHaveBeenCalledTimes(1);
    expect(members.withdraw).not.toHaveBeenCalled();
  });

  it('leaves paths no remote owns alone', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    await prefetchRoute('/Responsiblegaming');
    expect(loadRemoteModule).not.toHaveBeenCalled();
  });

  it('never rejects, and forgets a failure so the next hover tries again', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    const members = membersRoutes();
    vi.mocked(loadRemoteModule).mockRejectedValueOnce(new Error('remote down')).mockResolvedValue({ routes: members.routes });
    await expect(prefetchRoute('/members/deposit')).resolves.toBeUndefined();
    expect(members.deposit).not.toHaveBeenCalled();
    await prefetchRoute('/members/deposit');
    expect(loadRemoteModule).toHaveBeenCalledTimes(2);
    expect(members.deposit).toHaveBeenCalledTimes(1);
  });

  it('forgets a page whose code failed to download', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    const members = membersRoutes();
    members.deposit.mockRejectedValueOnce(new Error('chunk failed'));
    vi.mocked(loadRemoteModule).mockResolvedValue({ routes: members.routes });
    await prefetchRoute('/members/deposit');
    await prefetchRoute('/members/deposit');
    expect(members.deposit).toHaveBeenCalledTimes(2);
  });
});

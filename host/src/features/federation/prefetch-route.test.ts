import type { RouteObject } from '@suwerte/shared';
import { loadRemoteModule } from './remote-loader';

vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn(), registryModule: () => import('./registry') }));
vi.mock('./registry', () => ({
  loadRemoteRegistry: vi.fn(async () => ({ remotes: { members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] } } })),
  findRemoteForPath: (_registry: unknown, pathname: string) => (/^\/(members|pick3route)/i.test(pathname) ? 'members' : null),
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

  it('matches the path as the router does: letter case ignored, a :param matches any segment', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    const members = membersRoutes();
    vi.mocked(loadRemoteModule).mockResolvedValue({ routes: members.routes });
    await prefetchRoute('/Members/Withdraw');
    expect(members.layout).toHaveBeenCalledTimes(1);
    expect(members.withdraw).toHaveBeenCalledTimes(1);
    expect(members.deposit).not.toHaveBeenCalled();
    await prefetchRoute('/Pick3Route/12');
    expect(members.launch).toHaveBeenCalledTimes(1);
  });

  it('loads no page code for a path the remote has no page for', async () => {
    const { prefetchRoute } = await import('./prefetch-route');
    const members = membersRoutes();
    vi.mocked(loadRemoteModule).mockResolvedValue({ routes: members.routes });
    await prefetchRoute('/members/nowhere');
    expect([members.layout, members.deposit, members.withdraw, members.launch].every((route) => route.mock.calls.length === 0)).toBe(true);
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

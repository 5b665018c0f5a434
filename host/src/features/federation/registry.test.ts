import { RemoteRegistrySchema, type RemoteRegistry } from '@suwerte/federation';
import { findRemoteForPath, loadRemoteRegistry, resetRemoteRegistry } from './registry';

const registry: RemoteRegistry = {
  remotes: {
    members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] },
    lotto: { entry: 'http://localhost:3002/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'] },
    karera: { entry: 'http://localhost:3004/mf-manifest.json', routes: ['/SlotMachine', '/SlotMachineRoute'] },
  },
};

describe('remote registry', () => {
  beforeEach(() => resetRemoteRegistry());

  it('finds the remote owning a path by its first segment, case-insensitively', () => {
    expect(findRemoteForPath(registry, '/members/profile')).toBe('members');
    expect(findRemoteForPath(registry, '/lotto')).toBe('lotto');
    expect(findRemoteForPath(registry, '/Pick3Route/42')).toBe('lotto');
    expect(findRemoteForPath(registry, '/SlotMachineRoute')).toBe('karera');
    expect(findRemoteForPath(registry, '/Lottery')).toBeNull();
    expect(findRemoteForPath(registry, '/')).toBeNull();
    expect(findRemoteForPath(registry, '/Sports')).toBeNull();
  });

  it('accepts a partial registry and a canary, and rejects unknown remotes, bad URLs and bad shares', () => {
    expect(RemoteRegistrySchema.safeParse(registry).success).toBe(true);
    const lotto = { entry: 'http://x/1.0.0/mf-manifest.json', routes: ['/Lotto'] };
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { ...lotto, canary: { entry: 'http://x/1.1.0/mf-manifest.json', share: 50 } } } }).success).toBe(true);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { ...lotto, canary: { entry: 'http://x/1.1.0/mf-manifest.json', share: 150 } } } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { ...lotto, canary: { entry: 'javascript:alert(1)', share: 5 } } } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { casino: registry.remotes.members } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { entry: 'not a url', routes: ['/Lotto'] } } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { entry: 'http://x/remoteEntry.js', routes: ['/Lotto'] } } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { entry: 'http://x/mf-manifest.json', routes: ['Lotto'] } } }).success).toBe(false);
  });

  it('never remembers a failure: the next read fetches the file again', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('not json', { status: 200 }))
      .mockResolvedValueOnce(Response.json(registry));
    await expect(loadRemoteRegistry()).rejects.toThrow('Failed to fetch');
    await expect(loadRemoteRegistry()).rejects.toThrow();
    await expect(loadRemoteRegistry()).resolves.toEqual(registry);
    // A success is kept for the page.
    await expect(loadRemoteRegistry()).resolves.toEqual(registry);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

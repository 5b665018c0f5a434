import { RemoteRegistrySchema, findRemoteForPath, type RemoteRegistry } from './registry';

const registry: RemoteRegistry = {
  remotes: {
    members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] },
    lotto: { entry: 'http://localhost:3002/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'] },
    karera: { entry: 'http://localhost:3004/mf-manifest.json', routes: ['/SlotMachine', '/SlotMachineRoute'] },
  },
};

describe('remote registry', () => {
  it('finds the remote owning a path by its first segment, case-insensitively', () => {
    expect(findRemoteForPath(registry, '/members/profile')).toBe('members');
    expect(findRemoteForPath(registry, '/lotto')).toBe('lotto');
    expect(findRemoteForPath(registry, '/Pick3Route/42')).toBe('lotto');
    expect(findRemoteForPath(registry, '/SlotMachineRoute')).toBe('karera');
    expect(findRemoteForPath(registry, '/Lottery')).toBeNull();
    expect(findRemoteForPath(registry, '/')).toBeNull();
    expect(findRemoteForPath(registry, '/Sports')).toBeNull();
  });

  it('accepts a partial registry and rejects unknown remotes or bad URLs', () => {
    expect(RemoteRegistrySchema.safeParse(registry).success).toBe(true);
    expect(RemoteRegistrySchema.safeParse({ remotes: { casino: registry.remotes.members } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { entry: 'not a url', routes: ['/Lotto'] } } }).success).toBe(false);
    expect(RemoteRegistrySchema.safeParse({ remotes: { lotto: { entry: 'http://x/y.json', routes: ['Lotto'] } } }).success).toBe(false);
  });
});

import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RouteObject } from '@suwerte/shared';
import type { RemoteName, RemoteRegistry } from './registry';

interface Federation {
  mf: ModuleFederation;
  registry: RemoteRegistry;
  loadExposed: <T>(mf: ModuleFederation, remote: RemoteName, exposed: string) => Promise<T>;
}

let federation: Promise<Federation> | null = null;

/** Creates the federation instance on first use (first remote route or home widget). */
export function getFederation(): Promise<Federation> {
  federation ??= Promise.all([import('./federation'), import('./registry').then((r) => r.loadRemoteRegistry())]).then(
    ([module, registry]) => ({
    mf: module.createFederation(registry),
    registry,
    loadExposed: module.loadExposed,
    }),
  );
  return federation;
}

export class RemoteNotRegisteredError extends Error {
  constructor(remote: RemoteName) {
    super(`Remote ${remote} is not in remotes.json`);
  }
}

/** Loads an exposed module; rejects when the remote is unregistered, down or broken. */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const { mf, registry, loadExposed } = await getFederation();
  if (!registry.remotes[remote]) throw new RemoteNotRegisteredError(remote);
  return loadExposed<T>(mf, remote, exposed);
}

/** What a remote's `./routes` module exports. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

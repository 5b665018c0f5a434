// On the shell's path: everything federation-related stays in the lazy `./federation` chunk,
// fetched on the first remote route or widget.
import type { RemoteErrorKind } from '@suwerte/federation';
import type { RouteObject } from '@suwerte/shared';
import type * as Federation from './federation';
import type * as Registry from './registry';
import type { RemoteName } from '@suwerte/federation';

type FederationModule = typeof Federation;
type RegistryModule = Pick<typeof Registry, 'findRemoteForPath' | 'loadRemoteRegistry'>;

let federationChunk: Promise<FederationModule> | null = null;
/** The federation chunk once it has run (a home widget loads it before any remote page). */
let federationLoaded: FederationModule | null = null;

/** The federation chunk; a failed download is not remembered, so the next attempt fetches it again. */
function federationModule(): Promise<FederationModule> {
  if (!federationChunk) {
    const attempt = import('./federation');
    federationChunk = attempt;
    attempt.then(
      (loaded) => {
        federationLoaded = loaded;
      },
      () => {
        if (federationChunk === attempt) federationChunk = null;
      },
    );
  }
  return federationChunk;
}

/**
 * Starts the federation chunk's download now (a deep link into a remote's page: it will be needed).
 * Never rejects: the chain that needs it asks again and shows its own errors.
 */
export function warmFederation(): void {
  federationModule().catch(() => undefined);
}

/**
 * The remote registry's code. The federation chunk carries it as well, so once that chunk has run
 * a route change takes it from there instead of fetching the registry's own small chunk first (a
 * round trip before anything else can start). Before that, the small chunk: a path that belongs
 * to no remote does not download the federation runtime.
 */
export function registryModule(): Promise<RegistryModule> {
  return federationLoaded ? Promise.resolve(federationLoaded) : import('./registry');
}

/** Loads an exposed module; rejects when the remote is unregistered, incompatible, down or broken. */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  return (await federationModule()).loadRemoteModule<T>(remote, exposed);
}

/**
 * Reports a remote's failure and, if a deploy replaced the release this page runs, reloads the
 * page once to run the new one ('reloading'); otherwise 'shown': show the remote's panel.
 */
export async function recoverFromRemoteFailure(
  remote: RemoteName,
  error: unknown,
  kind: Exclude<RemoteErrorKind, 'incompatible'>,
): Promise<'reloading' | 'shown'> {
  try {
    return await (await federationModule()).recoverFromRemoteFailure(remote, error, kind);
  } catch {
    return 'shown';
  }
}

/** What a remote's `./routes` module exports. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

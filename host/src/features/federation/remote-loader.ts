// On the shell's path: everything federation-related stays in the lazy `./federation` chunk,
// fetched on the first remote route or widget.
import type { RemoteErrorKind } from '@suwerte/shared/federation';
import type { RouteObject } from '@suwerte/shared';
import type * as Federation from './federation';
import type { RemoteName } from './registry';

type FederationModule = typeof Federation;

let federationChunk: Promise<FederationModule> | null = null;

/** The federation chunk; a failed download is not remembered, so the next attempt fetches it again. */
function federationModule(): Promise<FederationModule> {
  if (!federationChunk) {
    const attempt = import('./federation');
    federationChunk = attempt;
    attempt.catch(() => {
      if (federationChunk === attempt) federationChunk = null;
    });
  }
  return federationChunk;
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

// Errors the remote boundaries tell apart. On the shell's path: no dependencies.

/** A remote the registry does not list. */
export class RemoteNotRegisteredError extends Error {
  override name = 'RemoteNotRegisteredError';
  constructor(remote: string) {
    super(`Remote ${remote} is not in remotes.json`);
  }
}

/**
 * A release this browser was asked to try (`?remote-release=`) that the site has not published:
 * its manifest answers 404 (or 403, as a CDN does for a missing file). Retry cannot help; Stop trying can.
 */
export class ReleaseNotPublishedError extends Error {
  override name = 'ReleaseNotPublishedError';
  constructor(
    readonly remote: string,
    readonly release: string,
  ) {
    super(`${remote} ${release} is not published`);
  }
}

/**
 * A release the host cannot run: it needs exports or a major version of `@suwerte/shared` this
 * host does not have (`hostTooOld`), or it was built for an older major than the host's.
 */
export class RemoteIncompatibleError extends Error {
  override name = 'RemoteIncompatibleError';
  constructor(
    readonly remote: string,
    readonly release: string,
    readonly hostTooOld: boolean,
    detail: string,
  ) {
    super(`${remote} ${release} cannot run on this site: ${detail}`);
  }
}

/** A chunk (script or stylesheet) that did not arrive: 404, aborted, blocked, or an empty answer. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed|RUNTIME-00[38]|Failed to fetch dynamically imported module/.test(error.message);
}

/** The first line of an error's message, for the console and the error report. */
export function errorSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (text.split('\n')[0] ?? text).slice(0, 300);
}

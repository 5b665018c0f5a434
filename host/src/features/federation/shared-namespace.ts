// What remotes get as `@suwerte/shared`: one object for the whole page (the singleton), with every
// runtime export of the package, whose values arrive part by part — a part being the exports one
// file defines (one of the package's modules, one Mantine component), a chunk of the host's build.
// Before a remote's exposed module loads, the host loads the parts that module (and every chunk it
// can load) imports, as its build recorded them in its mf-manifest.json; so a home widget costs the
// parts it uses, not the whole package every remote page needs (docs/decisions/091).
// The values are the host's own modules: the store, the query client and Mantine's context are the
// same instances the shell runs.
import { SHARED_EXPORT_NAMES, SHARED_PARTS, type SharedPart } from '@suwerte/shared-parts';

const values = new Map<string, unknown>();
const partOf = new Map<string, SharedPart>();
for (const part of SHARED_PARTS) for (const name of part.names) partOf.set(name, part);

/** Parts loaded or loading; a failed load is forgotten so the next attempt (Retry) fetches it again. */
const loads = new Map<SharedPart, Promise<void>>();

function loadPart(part: SharedPart): Promise<void> {
  let pending = loads.get(part);
  if (!pending) {
    const attempt = part.load().then((module) => {
      for (const name of part.names) values.set(name, (module as Record<string, unknown>)[name]);
    });
    loads.set(part, attempt);
    attempt.catch(() => {
      if (loads.get(part) === attempt) loads.delete(part);
    });
    pending = attempt;
  }
  return pending;
}

/**
 * Loads the parts that hold `names` (`*`: the whole package). Names the host does not have are
 * skipped: the compatibility check has refused such a release before this runs.
 */
export async function ensureSharedExports(names: readonly string[]): Promise<void> {
  const parts = names.includes('*') ? SHARED_PARTS : [...new Set(names.flatMap((name) => partOf.get(name) ?? []))];
  await Promise.all(parts.map(loadPart));
}

/** The package's runtime exports, as the host provides them. */
export const sharedExportNames: readonly string[] = SHARED_EXPORT_NAMES;

/** The namespace object remotes receive: a getter per export; reading one whose part has not loaded is a bug, named as such. */
export const sharedNamespace: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
for (const name of SHARED_EXPORT_NAMES) {
  Object.defineProperty(sharedNamespace, name, {
    enumerable: true,
    get() {
      if (!values.has(name)) throw new Error(`@suwerte/shared: ${name} was read before the host loaded it (missing from the remote's mf-manifest.json?)`);
      return values.get(name);
    },
  });
}
Object.defineProperty(sharedNamespace, '__esModule', { value: true });
Object.defineProperty(sharedNamespace, Symbol.toStringTag, { value: 'Module' });

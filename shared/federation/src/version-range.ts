// Versions and caret ranges, and whether a release must be checked export by export: plain functions
// with no zod, so the deep-link warm-up (host, before the federation chunk) can use them without
// waiting for zod's 33 KB (docs/decisions/224). The schemas of what a release needs are in
// compatibility.ts.
import type { RemoteRequirements } from './compatibility';

/** `1.2.3` (or `^1.2.3`, a pre-release tag ignored) as numbers; null when it is not a version. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^\^?([0-9]+)\.([0-9]+)\.([0-9]+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` satisfies a caret range (`^1.2.0`: ≥ 1.2.0 and < 2.0.0; `^0.3.1`: ≥ 0.3.1 and
 * < 0.4.0) or an exact version. Pre-release tags of `version` are ignored.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const have = parseVersion(version);
  const need = parseVersion(range);
  if (!have || !need) return false;
  if (!range.startsWith('^')) return compareVersions(have, need) === 0;
  if (compareVersions(have, need) < 0) return false;
  return need[0] > 0 ? have[0] === need[0] : have[1] === need[1];
}

/**
 * Whether checking a release needs the host's export lists: not when every kernel entry point it
 * imports was built against the host's own kernel version (same version, same exports), nor for a
 * release that recorded nothing. A release built against another version — newer or older — is
 * checked export by export (`checkCompatibility` against federation-host.json).
 */
export function needsHostExports(requirements: RemoteRequirements | undefined, hostVersion: string): boolean {
  if (!requirements) return false;
  return Object.values(requirements.requires).some((need) => need.builtWith !== hostVersion || !satisfiesRange(hostVersion, need.range));
}

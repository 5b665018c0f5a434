import { z } from 'zod';

/**
 * What a remote's build needs from one module the host shares (a kernel entry point, by its key:
 * `@suwerte/shared`, `@suwerte/shared/overlays`, …), recorded in its mf-manifest.json.
 */
export const PackageRequirementSchema = z.object({
  /** A caret range, `^3.0.0`: the majors the remote works with. */
  range: z.string().regex(/^\^?[0-9]+\.[0-9]+\.[0-9]+$/),
  /** The kernel version the remote was built against. */
  builtWith: z.string().optional(),
  /** Every export the remote's exposed code imports from it; `*` when it uses the whole namespace. */
  exports: z.array(z.string().min(1)),
});
export type PackageRequirement = z.infer<typeof PackageRequirementSchema>;

/** The `suwerte` section a remote's build adds to its mf-manifest.json. */
export const RemoteRequirementsSchema = z.object({
  requires: z.record(z.string(), PackageRequirementSchema),
});
export type RemoteRequirements = z.infer<typeof RemoteRequirementsSchema>;

/** What one package the host shares offers: its version and its runtime exports. */
export const PackageProvisionSchema = z.object({
  version: z.string().regex(/^[0-9]+\.[0-9]+\.[0-9]+/),
  exports: z.array(z.string().min(1)),
});
export type PackageProvision = z.infer<typeof PackageProvisionSchema>;

/** `federation-host.json`, written by the host's build next to its index.html. */
export const HostProvisionsSchema = z.object({
  provides: z.record(z.string(), PackageProvisionSchema),
});
export type HostProvisions = z.infer<typeof HostProvisionsSchema>;

function parseVersion(version: string): [number, number, number] | null {
  const match = /^\^?([0-9]+)\.([0-9]+)\.([0-9]+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
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
  if (!range.startsWith('^')) return compare(have, need) === 0;
  if (compare(have, need) < 0) return false;
  return need[0] > 0 ? have[0] === need[0] : have[1] === need[1];
}

/** Why the host cannot run a remote's release. */
export interface Incompatibility {
  package: string;
  /**
   * `host-too-old`: the release needs a newer host (exports added after the host's package, or a
   * newer major); `remote-too-old`: the host moved on (an older major, or exports since removed).
   */
  reason: 'host-too-old' | 'remote-too-old' | 'not-provided';
  /** The range the release needs and the version the host has. */
  range: string;
  hostVersion: string | null;
  /** Exports the release imports that the host does not have. */
  missingExports: string[];
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

/**
 * Checks a release's requirements against what the host provides. Returns every package it
 * cannot satisfy (empty = compatible). A release with no requirements recorded (built before
 * they were) is taken as compatible: the federation runtime's own version check still applies.
 */
export function checkCompatibility(requirements: RemoteRequirements | undefined, provisions: HostProvisions): Incompatibility[] {
  if (!requirements) return [];
  const problems: Incompatibility[] = [];
  for (const [name, need] of Object.entries(requirements.requires)) {
    const have = provisions.provides[name];
    if (!have) {
      problems.push({ package: name, reason: 'not-provided', range: need.range, hostVersion: null, missingExports: need.exports });
      continue;
    }
    const provided = new Set(have.exports);
    const missingExports = need.exports.filter((name) => name !== '*' && !provided.has(name)).sort();
    const inRange = satisfiesRange(have.version, need.range);
    if (inRange && missingExports.length === 0) continue;
    const haveVersion = parseVersion(have.version);
    const needVersion = parseVersion(need.range);
    const builtWith = need.builtWith ? parseVersion(need.builtWith) : null;
    // Missing exports the host never had (the release was built against a newer package) need a
    // newer host; missing exports an older build still imports were removed since: the release is
    // the one out of date.
    const hostOlder =
      !haveVersion ||
      !needVersion ||
      (missingExports.length > 0 ? !builtWith || compare(builtWith, haveVersion) > 0 : compare(haveVersion, needVersion) < 0);
    problems.push({
      package: name,
      reason: hostOlder ? 'host-too-old' : 'remote-too-old',
      range: need.range,
      hostVersion: have.version,
      missingExports,
    });
  }
  return problems;
}

/** One line per problem, naming the missing exports (publish-remote's refusal, the console). */
export function describeIncompatibility(problems: Incompatibility[]): string {
  return problems
    .map((problem) => {
      const host = problem.hostVersion ? `the host has ${problem.package} ${problem.hostVersion}` : `the host does not share ${problem.package}`;
      const missing = problem.missingExports.length ? `; missing exports: ${problem.missingExports.join(', ')}` : '';
      return `needs ${problem.package} ${problem.range}, ${host}${missing}`;
    })
    .join('\n');
}

import { z } from 'zod/mini';
import { compareVersions, parseVersion, satisfiesRange } from './version-range';

/**
 * What a remote's build needs from one module the host shares (a kernel entry point, by its key:
 * `@suwerte/shared`, `@suwerte/shared/overlays`, …), recorded in its mf-manifest.json.
 */
export const PackageRequirementSchema = z.object({
  /** A caret range, `^3.0.0`: the majors the remote works with. */
  range: z.string().check(z.regex(/^\^?[0-9]+\.[0-9]+\.[0-9]+$/)),
  /** The kernel version the remote was built against. */
  builtWith: z.optional(z.string()),
  /** Every export the remote's exposed code imports from it; `*` when it uses the whole namespace. */
  exports: z.array(z.string().check(z.minLength(1))),
});
export type PackageRequirement = z.infer<typeof PackageRequirementSchema>;

/** The `suwerte` section a remote's build adds to its mf-manifest.json. */
export const RemoteRequirementsSchema = z.object({
  requires: z.record(z.string(), PackageRequirementSchema),
});
export type RemoteRequirements = z.infer<typeof RemoteRequirementsSchema>;

/** What one package the host shares offers: its version and its runtime exports. */
export const PackageProvisionSchema = z.object({
  version: z.string().check(z.regex(/^[0-9]+\.[0-9]+\.[0-9]+/)),
  exports: z.array(z.string().check(z.minLength(1))),
});
export type PackageProvision = z.infer<typeof PackageProvisionSchema>;

/** `federation-host.json`, written by the host's build next to its index.html. */
export const HostProvisionsSchema = z.object({
  provides: z.record(z.string(), PackageProvisionSchema),
});
export type HostProvisions = z.infer<typeof HostProvisionsSchema>;

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
      (missingExports.length > 0 ? !builtWith || compareVersions(builtWith, haveVersion) > 0 : compareVersions(haveVersion, needVersion) < 0);
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

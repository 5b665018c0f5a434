// Loaded on the first remote route or widget, never before the shell has painted.
// The host is not built with the MF plugin; this module creates the federation instance and
// hands remotes the host's own React, react-dom and kernel entry points as singletons (kernel.ts),
// so exactly one copy of each (and of the store, router context and Mantine context) runs in the
// page. A kernel entry point's chunk loads when a remote's chunk that imports from it loads.
// It also decides which release of a remote this page runs (override, canary or pinned), checks
// that the host can run it before any of its code executes, and recovers from failures: a page
// that meets a chunk a deploy removed moves to the new release (docs/decisions/050).
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import * as federationRuntimeCore from '@module-federation/runtime-core';
import {
  FILES,
  HOST_INSTANCE_NAME,
  HostProvisionsSchema,
  RUNTIME_CORE_GLOBAL,
  RemoteManifestSchema,
  checkCompatibility,
  describeIncompatibility,
  needsHostExports,
  remoteEntryUrl,
  type HostProvisions,
  type RemoteEntry,
  type RemoteErrorKind,
  type RemoteManifest,
  type RemoteName,
} from '@suwerte/federation';
import { takeEarly, type EarlyAnswer } from './early-reads';
import { hostSharedModules, kernelVersion } from './kernel';
import { MANIFEST_READ } from './manifest-read';
import { fetchRemoteRegistry, loadRemoteRegistry } from './registry';
import { canaryBucket, chooseRelease, type ReleaseChoice } from './release-choice';
import { navigationTarget } from './navigation-target';
import { readOverrides } from './release-override';
import { ReleaseNotPublishedError, RemoteIncompatibleError, RemoteNotRegisteredError, errorSummary, isChunkLoadError } from './remote-errors';
import { reportRemoteError, routePrefix } from './telemetry';
import { watchPageVitals } from './vitals';

// The registry's code is part of this chunk: route discovery reads it from here once the chunk is
// in the page instead of fetching the registry's own chunk (remote-loader.ts, registryModule).
export { findRemoteForPath, loadRemoteRegistry } from './registry';

/**
 * Remotes are built with MF's external runtime: their containers take the runtime's core from the
 * page instead of carrying a copy each (docs/decisions/090). This is the host's own core, the one
 * its instance runs on, so host and remotes share one runtime.
 */
function provideRuntimeCore(): void {
  const page = globalThis as { [RUNTIME_CORE_GLOBAL]?: unknown };
  page[RUNTIME_CORE_GLOBAL] ??= federationRuntimeCore;
}

let instance: ModuleFederation | null = null;

function federation(): ModuleFederation {
  provideRuntimeCore();
  instance ??= createInstance({
    name: HOST_INSTANCE_NAME,
    // Registered one by one, once this page has chosen and checked each remote's release.
    remotes: [],
    shared: hostSharedModules(forgetFailedLoad),
    shareStrategy: 'loaded-first',
  });
  return instance;
}

/** A shared module whose download failed is loaded afresh next time (Module Federation would keep the failure). */
function forgetFailedLoad(key: string, version: string): void {
  const entry = instance?.shareScopeMap.default?.[key]?.[version];
  if (entry) entry.loading = null;
}

let provisions: Promise<HostProvisions> | null = null;

/**
 * What this host hands remotes, per kernel entry point: its version and exports, as the host's build
 * wrote them beside its index.html (federation-host.json). Read only for a release built against
 * another kernel version than this host's; a failed read is not remembered.
 */
export function loadHostProvisions(): Promise<HostProvisions> {
  if (!provisions) {
    const attempt = fetch(`/${FILES.hostProvisions}`, { cache: 'no-cache' }).then(async (response) => {
      if (!response.ok) throw new Error(`/${FILES.hostProvisions} answered HTTP ${response.status}`);
      return HostProvisionsSchema.parse(await response.json());
    });
    provisions = attempt;
    attempt.catch(() => {
      if (provisions === attempt) provisions = null;
    });
  }
  return provisions;
}

/**
 * Whether this host can run a release, before any of its code runs: a release built against this
 * host's kernel version needs nothing the host lacks; one built against another is checked export
 * by export against federation-host.json. Resolves the problems (none: it can run).
 */
async function releaseProblems(manifest: RemoteManifest) {
  if (!needsHostExports(manifest.suwerte, kernelVersion())) return [];
  return checkCompatibility(manifest.suwerte, await loadHostProvisions());
}

interface FetchedManifest {
  manifest: RemoteManifest;
  /** The file as served: a deploy that changes any chunk changes it. */
  text: string;
}

/** Statuses of a file a server does not have (a CDN answers 403 for a missing key). */
const NOT_THERE = new Set([403, 404]);

/** Reads a manifest from the server: revalidated (no-cache), never with cookies. */
async function readManifest(entry: string): Promise<EarlyAnswer> {
  const response = await fetch(entry, MANIFEST_READ);
  return { status: response.status, ok: response.ok, text: await response.text() };
}

/** With `early`, the deep-link warm-up's answer is taken when it read this manifest already (early-reads.ts). */
async function fetchManifest(remote: RemoteName, choice: ReleaseChoice, { early = false } = {}): Promise<FetchedManifest> {
  const entry = choice.entry;
  const response = (early ? await takeEarly(entry) : null) ?? (await readManifest(entry));
  // A release this browser tries that the site never published: said so, not "temporarily unavailable".
  if (choice.override && NOT_THERE.has(response.status)) throw new ReleaseNotPublishedError(remote, choice.release);
  if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}`);
  return { manifest: RemoteManifestSchema.parse(JSON.parse(response.text)), text: response.text };
}

interface LoadedRelease extends ReleaseChoice {
  manifestText: string;
  manifest: RemoteManifest;
}

function choose(remote: RemoteName, entry: RemoteEntry): ReleaseChoice {
  return chooseRelease(entry, { override: readOverrides()[remote], bucket: canaryBucket(remote) });
}

/** Releases this page chose (even if they then failed), for error reports. */
const chosen = new Map<RemoteName, ReleaseChoice>();
/** Releases checked and registered: cached on success only. */
const releases = new Map<RemoteName, Promise<LoadedRelease>>();
const registered = new Map<RemoteName, LoadedRelease>();

async function resolveRelease(remote: RemoteName): Promise<LoadedRelease> {
  const registry = await loadRemoteRegistry();
  const entry = registry.remotes[remote];
  if (!entry) throw new RemoteNotRegisteredError(remote);
  const choice = choose(remote, entry);
  chosen.set(remote, choice);
  const { manifest, text } = await fetchManifest(remote, choice, { early: true });
  if (manifest.name !== remote) throw new Error(`${choice.entry} is the manifest of "${manifest.name}", not of ${remote}`);
  // Before any of the release's code runs: a release this host cannot satisfy never mounts.
  const problems = await releaseProblems(manifest);
  if (problems.length > 0) {
    const hostTooOld = problems.some((problem) => problem.reason !== 'remote-too-old');
    throw new RemoteIncompatibleError(remote, choice.release, hostTooOld, describeIncompatibility(problems));
  }
  federation().registerRemotes([{ name: remote, entry: remoteEntryUrl(manifest, choice.entry) }]);
  const loaded = { ...choice, manifestText: text, manifest };
  registered.set(remote, loaded);
  // The page's vitals, with this release, when the page was loaded at one of this remote's routes.
  watchPageVitals(registry, remote, choice);
  return loaded;
}

function release(remote: RemoteName): Promise<LoadedRelease> {
  let pending = releases.get(remote);
  if (!pending) {
    const attempt = resolveRelease(remote);
    releases.set(remote, attempt);
    attempt.catch(() => {
      if (releases.get(remote) === attempt) releases.delete(remote);
    });
    pending = attempt;
  }
  return pending;
}

/**
 * Loads one exposed module of a remote (e.g. `lotto`, `routes`) from the release this page runs:
 * the remote's container, then the module's chunks, each with the shared modules it imports
 * (Module Federation loads a chunk's kernel entry points beside it; a chunk loaded later brings
 * its own when it loads).
 */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  await release(remote);
  const module = await federation().loadRemote<T>(`${remote}/${exposed}`, { from: 'runtime' });
  if (module === null || module === undefined) throw new Error(`Remote ${remote} did not provide ${exposed}`);
  return module;
}

const RELOAD_KEY = 'suwerte:release-reload';
/** One automatic reload per remote in this window of time, whatever happens: never a loop. */
const RELOAD_GUARD_MS = 60_000;

function reloadAllowed(remote: RemoteName, now: number): boolean {
  try {
    const raw = sessionStorage.getItem(RELOAD_KEY);
    const last = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const at = last[remote];
    if (typeof at === 'number' && now - at < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ ...last, [remote]: now }));
    return true;
  } catch {
    // No session storage, no way to know we did not reload already: do not.
    return false;
  }
}

/** Whether remotes.json (or the manifest it names) now gives this page another release than the one it runs. */
async function newReleaseOut(remote: RemoteName, current: LoadedRelease): Promise<boolean> {
  try {
    const registry = await fetchRemoteRegistry();
    const entry = registry.remotes[remote];
    if (!entry) return false;
    const next = choose(remote, entry);
    if (next.entry !== current.entry) return true;
    const { text } = await fetchManifest(remote, next);
    return text !== current.manifestText;
  } catch {
    return false;
  }
}

export interface RecoveryOptions {
  /** Loads the page again, at the address the player was going to. @default location.assign */
  reload?: (href: string) => void;
  /** The clock. @default Date.now */
  now?: () => number;
}

/**
 * What a remote boundary calls when a remote's code failed to load or to render: reports the
 * failure with its release, and — when the failure is a missing chunk and remotes.json or the
 * manifest now give another release (a deploy happened since this page loaded) — reloads the page
 * once so it runs the new release. Resolves 'reloading' then, else 'shown' (the caller shows the
 * remote's panel).
 */
export async function recoverFromRemoteFailure(
  remote: RemoteName,
  error: unknown,
  kind: Exclude<RemoteErrorKind, 'incompatible'>,
  { reload = (href) => window.location.assign(href), now = Date.now }: RecoveryOptions = {},
): Promise<'reloading' | 'shown'> {
  const incompatible = error instanceof RemoteIncompatibleError;
  const choice = registered.get(remote) ?? chosen.get(remote);
  // Only the site's releases are reported: not a remote missing from the registry, nor one this browser alone tries that does not exist.
  if (!(error instanceof RemoteNotRegisteredError) && !(error instanceof ReleaseNotPublishedError)) {
    reportRemoteError({
      remote,
      release: choice?.release ?? 'current',
      canary: choice?.canary ?? false,
      kind: incompatible ? 'incompatible' : isChunkLoadError(error) ? 'load' : kind,
      message: errorSummary(error),
      // The page the player was going to (a failed navigation has not changed the address yet).
      route: routePrefix(navigationTarget().split(/[?#]/)[0] ?? '/'),
    });
  }
  const current = registered.get(remote);
  if (incompatible || !current || (kind === 'render' && !isChunkLoadError(error))) return 'shown';
  if (!(await newReleaseOut(remote, current)) || !reloadAllowed(remote, now())) return 'shown';
  console.warn(`${remote}: a new release is out; reloading to use it.`);
  reload(navigationTarget());
  return 'reloading';
}

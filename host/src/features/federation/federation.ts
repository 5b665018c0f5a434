// Loaded on the first remote route or widget, never before the shell has painted.
// The host is not built with the MF plugin; this module creates the federation instance and
// hands remotes the host's own React, react-dom and @suwerte/shared as singletons, so exactly
// one copy of each (and of the store, router context and Mantine context) runs in the page.
// @suwerte/shared goes to remotes part by part: the parts an exposed module imports load before it
// (shared-namespace.ts, docs/decisions/091).
// It also decides which release of a remote this page runs (override, canary or pinned), checks
// that the host can run it before any of its code executes, and recovers from failures: a page
// that meets a chunk a deploy removed moves to the new release (docs/decisions/050).
// Every Mantine style, loaded with this chunk, so remote pages and widgets are styled before they render.
import '@suwerte/shared/components.css';
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import * as federationRuntimeCore from '@module-federation/runtime-core';
import {
  RemoteManifestSchema,
  SHARED_PACKAGE,
  checkCompatibility,
  describeIncompatibility,
  remoteEntryUrl,
  type HostProvisions,
  type RemoteErrorKind,
  type RemoteManifest,
} from '@suwerte/shared/federation';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import { fetchRemoteRegistry, loadRemoteRegistry, type RemoteEntry, type RemoteName } from './registry';
import { canaryBucket, chooseRelease, type ReleaseChoice } from './release-choice';
import { navigationTarget } from './navigation-target';
import { readOverrides } from './release-override';
import { ReleaseNotPublishedError, RemoteIncompatibleError, RemoteNotRegisteredError, errorSummary, isChunkLoadError } from './remote-errors';
import { ensureSharedExports, sharedExportNames, sharedNamespace } from './shared-namespace';
import { reportRemoteError, routePrefix } from './telemetry';

// The registry's code is part of this chunk: route discovery reads it from here once the chunk is
// in the page instead of fetching the registry's own chunk (remote-loader.ts, registryModule).
export { findRemoteForPath, loadRemoteRegistry } from './registry';

declare const __REACT_VERSION__: string;
declare const __REACT_DOM_VERSION__: string;
declare const __SHARED_VERSION__: string;

function singleton(version: string, lib: () => unknown) {
  return { version, lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } };
}

/**
 * Remotes are built with MF's external runtime: their containers take the runtime's core from the
 * page instead of carrying a copy each (docs/decisions/090). This is the host's own core, the one
 * its instance runs on, so host and remotes share one runtime.
 */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

function provideRuntimeCore(): void {
  const page = globalThis as { [RUNTIME_CORE_GLOBAL]?: unknown };
  page[RUNTIME_CORE_GLOBAL] ??= federationRuntimeCore;
}

let instance: ModuleFederation | null = null;

function federation(): ModuleFederation {
  provideRuntimeCore();
  instance ??= createInstance({
    name: 'suwerte_host',
    // Registered one by one, once this page has chosen and checked each remote's release.
    remotes: [],
    shared: {
      react: singleton(__REACT_VERSION__, () => React),
      'react/jsx-runtime': singleton(__REACT_VERSION__, () => ReactJsxRuntime),
      'react-dom': singleton(__REACT_DOM_VERSION__, () => ReactDom),
      'react-dom/client': singleton(__REACT_DOM_VERSION__, () => ReactDomClient),
      [SHARED_PACKAGE]: singleton(__SHARED_VERSION__, () => sharedNamespace),
    },
    shareStrategy: 'loaded-first',
  });
  return instance;
}

/** What this host hands remotes: the package's version and its runtime exports (read from the package by the build). */
export function hostProvisions(): HostProvisions {
  return { provides: { [SHARED_PACKAGE]: { version: __SHARED_VERSION__, exports: [...sharedExportNames] } } };
}

interface FetchedManifest {
  manifest: RemoteManifest;
  /** The file as served: a deploy that changes any chunk changes it. */
  text: string;
}

/** Statuses of a file a server does not have (a CDN answers 403 for a missing key). */
const NOT_THERE = new Set([403, 404]);

async function fetchManifest(remote: RemoteName, choice: ReleaseChoice): Promise<FetchedManifest> {
  const entry = choice.entry;
  const response = await fetch(entry, { cache: 'no-cache', credentials: 'omit' });
  // A release this browser tries that the site never published: said so, not "temporarily unavailable".
  if (choice.override && NOT_THERE.has(response.status)) throw new ReleaseNotPublishedError(remote, choice.release);
  if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}`);
  const text = await response.text();
  return { manifest: RemoteManifestSchema.parse(JSON.parse(text)), text };
}

interface LoadedRelease extends ReleaseChoice {
  manifestText: string;
  manifest: RemoteManifest;
}

/** When the parts of `@suwerte/shared` a remote's later chunks import are loaded (docs/decisions/139). */
export type LaterChunkParts =
  /** Before the module runs, with its own: a page, whose parts travel beside the remote's code. */
  | 'upfront'
  /** As each of those chunks loads (the remote's runtime asks): a widget, whose dialog most visitors never open. */
  | 'on-demand';

/**
 * The @suwerte/shared exports to load before an exposed module of a release runs: recorded per
 * exposed module by the remote's build, with every chunk it can load (`exposes`) and without them
 * (`initial`, used for 'on-demand'); a release built before those records them for all its exposed
 * modules together.
 */
function sharedExportsOf(manifest: RemoteManifest, exposed: string, laterChunks: LaterChunkParts): string[] {
  const requirement = manifest.suwerte?.requires[SHARED_PACKAGE];
  if (!requirement) return ['*'];
  const own = laterChunks === 'on-demand' ? requirement.initial?.[exposed] : undefined;
  return own ?? requirement.exposes?.[exposed] ?? requirement.exports;
}

/**
 * What a remote's runtime calls as one of its chunks starts to load (tools/rspack/shared-parts-on-demand.mjs):
 * the parts that chunk imports, as the release's manifest records them; undefined when there is
 * nothing to wait for (a chunk with no later parts, a release this page has not registered).
 */
export function sharedPartsForChunk(container: string, chunkId: string | number): Promise<void> | undefined {
  const names = registered.get(container as RemoteName)?.manifest.suwerte?.requires[SHARED_PACKAGE]?.chunks?.[String(chunkId)];
  return names && names.length > 0 ? ensureSharedExports(names) : undefined;
}

declare global {
  // The name the remotes' runtime plugin looks for (a global: the remote's code cannot import the host's).
  var __SUWERTE_SHARED_PARTS__: typeof sharedPartsForChunk | undefined;
}
globalThis.__SUWERTE_SHARED_PARTS__ = sharedPartsForChunk;

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
  const { manifest, text } = await fetchManifest(remote, choice);
  if (manifest.name !== remote) throw new Error(`${choice.entry} is the manifest of "${manifest.name}", not of ${remote}`);
  // Before any of the release's code runs: a release this host cannot satisfy never mounts.
  const problems = checkCompatibility(manifest.suwerte, hostProvisions());
  if (problems.length > 0) {
    const hostTooOld = problems.some((problem) => problem.reason !== 'remote-too-old');
    throw new RemoteIncompatibleError(remote, choice.release, hostTooOld, describeIncompatibility(problems));
  }
  federation().registerRemotes([{ name: remote, entry: remoteEntryUrl(manifest, choice.entry) }]);
  const loaded = { ...choice, manifestText: text, manifest };
  registered.set(remote, loaded);
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

type ModuleFactory<T> = () => T | Promise<T>;

/**
 * Loads one exposed module of a remote (e.g. `lotto`, `routes`) from the release this page runs.
 * Its code (the remote's container, then the module's chunks) downloads while the host loads the
 * shared parts it imports; it runs once both are there (its imports read those parts when it
 * runs, never when it downloads), so the two fetches are not one after the other (docs/decisions/126).
 */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string, laterChunks: LaterChunkParts = 'upfront'): Promise<T> {
  const { manifest } = await release(remote);
  const [factory] = await Promise.all([
    federation().loadRemote<ModuleFactory<T>>(`${remote}/${exposed}`, { loadFactory: false, from: 'runtime' }),
    ensureSharedExports(sharedExportsOf(manifest, exposed, laterChunks)),
  ]);
  if (typeof factory !== 'function') throw new Error(`Remote ${remote} did not provide ${exposed}`);
  const module = await factory();
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

// What the host hands remotes at run time (docs/decisions/151): React, react-dom and every kernel
// entry point as singletons, zod/mini as an ordinary shared module (docs/decisions/152, 235). Each entry point
// is a lazy chunk of the host, fetched when a remote's chunk that imports from it loads — Module
// Federation asks for it — never before; React and react-dom are the shell's own, already there.
// The values are the host's own module instances: one store, one query client, one Mantine context.
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';

declare const __REACT_VERSION__: string;
declare const __REACT_DOM_VERSION__: string;
declare const __SHARED_VERSION__: string;
declare const __ZOD_VERSION__: string;

/** The kernel's version, as the host's build read it. */
export const kernelVersion = (): string => __SHARED_VERSION__;

type Load = () => Promise<object>;

/**
 * Every kernel entry point, by the key it is shared under (KERNEL_KEYS in @suwerte/federation: a unit
 * test holds the two lists equal). A literal `import()` each, so each is a chunk of its own.
 */
export const KERNEL_ENTRY_POINTS: Record<string, Load> = {
  '@suwerte/shared': () => import('@suwerte/shared'),
  '@suwerte/shared/overlays': () => import('@suwerte/shared/overlays'),
  '@suwerte/shared/inputs': () => import('@suwerte/shared/inputs'),
  '@suwerte/shared/forms': () => import('@suwerte/shared/forms'),
  '@suwerte/shared/pages': () => import('@suwerte/shared/pages'),
  '@suwerte/shared/number-input': () => import('@suwerte/shared/number-input'),
};

/**
 * zod as the host hands it to remotes (docs/decisions/152): `zod/mini`, the form the contracts and every
 * browser app are written in (docs/decisions/235); the namespace they get, a chunk of its own. A remote
 * built before 235 shares classic `zod`, which the host does not provide: it loads its own copy.
 */
export const loadSharedZod: Load = () => import('zod/mini');

const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}` });
/** A module the shell already runs (React): handed over as it is. */
const present = (version: string, module: object) => ({ version, lib: () => module, shareConfig: singleton(version) });
/**
 * A module fetched when first asked for: Module Federation's `get` gives the module's factory once
 * its chunk is in. A failed download rejects (the boundary shows its panel) and is forgotten, so the
 * next load (Retry) fetches it again.
 */
function onDemand(key: string, version: string, load: Load, shareConfig: { singleton: boolean; requiredVersion: string }, forget: ForgetFailedLoad) {
  return {
    version,
    get: () =>
      load().then(
        (module) => () => module,
        (error: unknown) => {
          forget(key, version);
          throw error;
        },
      ),
    shareConfig,
  };
}

/** Module Federation keeps a failed load of a shared module for good: the host forgets it, so Retry fetches it again. */
export type ForgetFailedLoad = (key: string, version: string) => void;

/** The `shared` option of the host's federation instance. */
export function hostSharedModules(forget: ForgetFailedLoad) {
  return {
    react: present(__REACT_VERSION__, React),
    'react/jsx-runtime': present(__REACT_VERSION__, ReactJsxRuntime),
    'react-dom': present(__REACT_DOM_VERSION__, ReactDom),
    'react-dom/client': present(__REACT_DOM_VERSION__, ReactDomClient),
    ...Object.fromEntries(Object.entries(KERNEL_ENTRY_POINTS).map(([key, load]) => [key, onDemand(key, kernelVersion(), load, singleton(kernelVersion()), forget)])),
    // One copy per page as long as the versions agree; a remote built with another zod uses its own.
    'zod/mini': onDemand('zod/mini', __ZOD_VERSION__, loadSharedZod, { singleton: false, requiredVersion: `^${__ZOD_VERSION__}` }, forget),
  };
}

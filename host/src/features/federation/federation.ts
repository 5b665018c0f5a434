// Loaded on the first remote route or widget, never before the shell has painted.
// The host is not built with the MF plugin; this module creates the federation instance and
// hands remotes the host's own React, react-dom and @suwerte/shared as singletons, so exactly
// one copy of each (and of the store, router context and Mantine context) runs in the page.
// Every Mantine style, loaded with this chunk, so remote pages and widgets are styled before they render.
import '@suwerte/shared/components.css';
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import * as SuwerteShared from '@suwerte/shared';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import type { RemoteName, RemoteRegistry } from './registry';

declare const __REACT_VERSION__: string;
declare const __REACT_DOM_VERSION__: string;
declare const __SHARED_VERSION__: string;

function singleton(version: string, lib: () => unknown) {
  return { version, lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } };
}

export function createFederation(registry: RemoteRegistry): ModuleFederation {
  return createInstance({
    name: 'suwerte_host',
    remotes: Object.entries(registry.remotes).map(([name, remote]) => ({ name, entry: remote.entry })),
    shared: {
      react: singleton(__REACT_VERSION__, () => React),
      'react/jsx-runtime': singleton(__REACT_VERSION__, () => ReactJsxRuntime),
      'react-dom': singleton(__REACT_DOM_VERSION__, () => ReactDom),
      'react-dom/client': singleton(__REACT_DOM_VERSION__, () => ReactDomClient),
      '@suwerte/shared': singleton(__SHARED_VERSION__, () => SuwerteShared),
    },
    shareStrategy: 'loaded-first',
  });
}

/** Loads one exposed module of a remote, e.g. `loadExposed(mf, 'lotto', 'routes')`. */
export async function loadExposed<T>(mf: ModuleFederation, remote: RemoteName, exposed: string): Promise<T> {
  const module = await mf.loadRemote<T>(`${remote}/${exposed}`);
  if (module === null || module === undefined) throw new Error(`Remote ${remote} did not provide ${exposed}`);
  return module;
}

// A home widget's loading and boundary: the code a widget needs once it starts loading, in a lazy
// chunk of its own (fetched with the federation chunk, after the first paint). The shell's
// RemoteWidget only draws the widget's place and its skeleton (docs/decisions/091).
import { Component, Suspense, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RemoteName } from '@suwerte/federation';
import { loadRemoteModule, recoverFromRemoteFailure } from './remote-loader';

// Only a widget that failed needs the panel: not part of the shell's first paint.
const UnavailablePanel = lazy(() => import('./UnavailablePanel'));

/** Errors already reported while loading (the boundary then only shows them). */
const handledLoadErrors = new WeakSet<object>();

interface BoundaryProps {
  remote: RemoteName;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** Catches a widget that fails to load or throws while rendering. */
class WidgetBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown): { error: unknown; failed: boolean } {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`Remote widget of ${this.props.remote} failed`, error);
    if (typeof error === 'object' && error !== null && handledLoadErrors.has(error)) return;
    void recoverFromRemoteFailure(this.props.remote, error, 'render');
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export interface WidgetLoad {
  component: LazyExoticComponent<ComponentType>;
  /** Settles when the widget's code has loaded or failed (the idle queue waits for it). */
  loaded: Promise<unknown>;
}

/** Widgets that loaded, kept for the next visit of home; failures are not kept (the next visit loads again). */
const loadedWidgets = new Map<string, WidgetLoad>();

async function loadWidget(remote: RemoteName, exposed: string, key: string): Promise<{ default: ComponentType }> {
  try {
    // A widget's dialogs and other later chunks bring the kernel entry points they import when they load.
    return { default: (await loadRemoteModule<{ default: ComponentType }>(remote, exposed)).default };
  } catch (error) {
    // A widget of a release a deploy replaced: the page moves to the new release.
    if ((await recoverFromRemoteFailure(remote, error, 'load')) === 'reloading') await new Promise<never>(() => undefined);
    if (typeof error === 'object' && error !== null) handledLoadErrors.add(error);
    loadedWidgets.delete(key);
    throw error;
  }
}

/** For tests: forgets loaded widgets. */
export function resetRemoteWidgets(): void {
  loadedWidgets.clear();
}

/**
 * Starts loading a widget's code now (not when React first renders the lazy component), so the
 * idle queue can start it and wait for it. `fresh` (Retry) ignores a load in progress or done.
 */
export function startWidgetLoad(remote: RemoteName, exposed: string, fresh: boolean): WidgetLoad {
  const key = `${remote}/${exposed}`;
  const known = fresh ? undefined : loadedWidgets.get(key);
  if (known) return known;
  const loaded = loadWidget(remote, exposed, key);
  // Rendering reports a failure; the idle queue only waits for it.
  loaded.catch(() => undefined);
  const widget = { component: lazy(() => loaded), loaded };
  loadedWidgets.set(key, widget);
  return widget;
}

export interface WidgetFrameProps {
  remote: RemoteName;
  /** The load RemoteWidget started (startWidgetLoad). */
  load: WidgetLoad;
  exposed: string;
  skeleton: ReactNode;
}

/** The widget inside its error and suspense boundary; Retry loads it afresh. */
export default function WidgetFrame({ remote, exposed, load: started, skeleton }: WidgetFrameProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState(started);
  const retry = () => {
    setLoad(startWidgetLoad(remote, exposed, true));
    setAttempt((n) => n + 1);
  };
  const Widget = load.component;
  return (
    <WidgetBoundary
      key={attempt}
      remote={remote}
      fallback={(error) => (
        <Suspense fallback={skeleton}>
          <UnavailablePanel remote={remote} error={error} compact onRetry={retry} />
        </Suspense>
      )}
    >
      <Suspense fallback={skeleton}>
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}

import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Skeleton } from '@suwerte/shared';
import { afterFirstPaint } from '../../lib/after-first-paint';
import type { RemoteName } from './registry';
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

const widgets = new Map<string, LazyExoticComponent<ComponentType>>();

async function loadWidget(remote: RemoteName, exposed: string, key: string): Promise<{ default: ComponentType }> {
  try {
    return { default: (await loadRemoteModule<{ default: ComponentType }>(remote, exposed)).default };
  } catch (error) {
    // A widget of a release a deploy replaced: the page moves to the new release.
    if ((await recoverFromRemoteFailure(remote, error, 'load')) === 'reloading') await new Promise<never>(() => undefined);
    if (typeof error === 'object' && error !== null) handledLoadErrors.add(error);
    // Failures are not kept: the next time the widget mounts (another visit of home), it loads again.
    widgets.delete(key);
    throw error;
  }
}

/** One lazy component per widget and attempt: Retry gets a new one, so it really loads again. */
function lazyWidget(remote: RemoteName, exposed: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${remote}/${exposed}#${attempt}`;
  let widget = widgets.get(key);
  if (!widget) {
    widget = lazy(() => loadWidget(remote, exposed, key));
    widgets.set(key, widget);
  }
  return widget;
}

/** True once the shell has painted: widgets start loading only then (DESIGN.md, first-load budget). */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstPaint().then(() => active && setPainted(true));
    return () => {
      active = false;
    };
  }, []);
  return painted;
}

export interface RemoteWidgetProps {
  /** The remote exposing the widget. */
  remote: RemoteName;
  /** Its exposed name, e.g. 'LottoToday'. */
  exposed: string;
  /** Height of the loading skeleton in px. @default 180 */
  minHeight?: number;
}

/**
 * A home-page widget from a remote, loaded after the shell has painted, inside its own error and
 * suspense boundary: a remote that is down shows Retry and nothing else on the page breaks.
 */
export function RemoteWidget({ remote, exposed, minHeight = 180 }: RemoteWidgetProps) {
  const [attempt, setAttempt] = useState(0);
  const painted = useAfterFirstPaint();
  const skeleton = <Skeleton height={minHeight} radius="md" role="status" aria-label="Loading" />;
  if (!painted) return skeleton;
  const Widget = lazyWidget(remote, exposed, attempt);
  return (
    <WidgetBoundary
      key={attempt}
      remote={remote}
      fallback={(error) => (
        <Suspense fallback={skeleton}>
          <UnavailablePanel remote={remote} error={error} compact onRetry={() => setAttempt((n) => n + 1)} />
        </Suspense>
      )}
    >
      <Suspense fallback={skeleton}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per widget and attempt by lazyWidget */}
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}

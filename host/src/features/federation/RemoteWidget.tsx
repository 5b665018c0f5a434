import { Component, Suspense, lazy, useEffect, useRef, useState, type CSSProperties, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Skeleton } from '@suwerte/shared';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { loadWhenNear } from '../../lib/load-when-near';
import type { RemoteName } from './registry';
import { loadRemoteModule, recoverFromRemoteFailure } from './remote-loader';
import classes from './RemoteWidget.module.css';

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

interface WidgetLoad {
  component: LazyExoticComponent<ComponentType>;
  /** Settles when the widget's code has loaded or failed (the idle queue waits for it). */
  loaded: Promise<unknown>;
}

/** Widgets that loaded, kept for the next visit of home; failures are not kept (the next visit loads again). */
const loadedWidgets = new Map<string, WidgetLoad>();

async function loadWidget(remote: RemoteName, exposed: string, key: string): Promise<{ default: ComponentType }> {
  try {
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
function startWidgetLoad(remote: RemoteName, exposed: string, fresh: boolean): WidgetLoad {
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

/**
 * Calls `start` once the widget's place is near the viewport or the idle queue reached it — never
 * before the shell has painted (DESIGN.md, first-load budget; docs/decisions/091).
 */
function useLoadWhenNear(start: () => Promise<unknown>): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  useEffect(() => {
    if (!element) return undefined;
    let active = true;
    let cleanup: () => void = () => undefined;
    void afterFirstPaint().then(() => {
      if (active) cleanup = loadWhenNear(element, () => startRef.current());
    });
    return () => {
      active = false;
      cleanup();
    };
  }, [element]);
  return setElement;
}

export interface RemoteWidgetProps {
  /** The remote exposing the widget. */
  remote: RemoteName;
  /** Its exposed name, e.g. 'LottoToday'. */
  exposed: string;
  /**
   * The height in px the widget usually has, kept for it from its skeleton on; per Mantine
   * breakpoint (each size holds from its breakpoint up, like Mantine's style props). @default 180
   */
  minHeight?: number | WidgetHeights;
}

export interface WidgetHeights {
  base: number;
  sm?: number;
  md?: number;
  lg?: number;
}

/** The place's heights as the custom properties RemoteWidget.module.css reads (a size not given falls back to the one below). */
function slotHeights(minHeight: number | WidgetHeights): CSSProperties {
  const heights = typeof minHeight === 'number' ? { base: minHeight } : minHeight;
  return Object.fromEntries(Object.entries(heights).map(([size, px]) => [`--widget-${size}`, `${px}px`]));
}

/**
 * A home-page widget from a remote, loaded after the shell has painted when its place comes near
 * the viewport or the browser is idle (one widget at a time), inside its own error and suspense
 * boundary: a remote that is down shows Retry and nothing else on the page breaks.
 */
export function RemoteWidget({ remote, exposed, minHeight = 180 }: RemoteWidgetProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<WidgetLoad | null>(null);
  const place = useLoadWhenNear(() => {
    const started = startWidgetLoad(remote, exposed, false);
    setLoad(started);
    return started.loaded;
  });
  const retry = () => {
    setLoad(startWidgetLoad(remote, exposed, true));
    setAttempt((n) => n + 1);
  };
  const skeleton = <Skeleton radius="md" role="status" aria-label="Loading" />;
  if (!load) {
    return (
      <div ref={place} className={classes.slot} style={slotHeights(minHeight)}>
        {skeleton}
      </div>
    );
  }
  const Widget = load.component;
  return (
    <div className={classes.slot} style={slotHeights(minHeight)}>
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
    </div>
  );
}

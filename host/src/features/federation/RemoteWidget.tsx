import { Suspense, lazy, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Skeleton } from '@suwerte/shared';
import { afterFirstPaint } from '../../lib/after-first-paint';
import type { RemoteName } from '@suwerte/federation';
import classes from './RemoteWidget.module.css';
import type { WidgetLoad } from './WidgetFrame';

// The widget's loading and boundary: not needed for the first paint, only once a widget starts loading.
const widgetFrame = () => import('./WidgetFrame');
const WidgetFrame = lazy(widgetFrame);

/** For tests: forgets loaded widgets. */
export async function resetRemoteWidgets(): Promise<void> {
  (await widgetFrame()).resetRemoteWidgets();
}

// The observer and idle queue: needed only once the shell has painted, so not in the shell's code.
const loadWhenNearModule = () => import('../../lib/load-when-near');

/**
 * Calls `start` once the widget's place is near the viewport or the idle queue reached it — never
 * before the shell has painted (the first-load budget: docs/decisions/200 and 091).
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
    void afterFirstPaint()
      .then(loadWhenNearModule)
      .then(
        ({ loadWhenNear }) => {
          if (active) cleanup = loadWhenNear(element, () => startRef.current());
        },
        () => {
          // That code did not arrive: start the widget now, so its own failure panel (with Retry) shows.
          if (active) void startRef.current();
        },
      );
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
  const [load, setLoad] = useState<WidgetLoad | null>(null);
  const [frameFailed, setFrameFailed] = useState(false);
  // Settles when the widget's code has loaded or failed (the idle queue waits for it); never rejects:
  // the host's own chunk not arriving shows Retry here, the widget's own failures show in its frame.
  const start = () =>
    widgetFrame().then(
      (frame) => {
        const started = frame.startWidgetLoad(remote, exposed, false);
        setLoad(started);
        return started.loaded.catch(() => undefined);
      },
      () => setFrameFailed(true),
    );
  const place = useLoadWhenNear(start);
  const skeleton = <Skeleton radius="md" role="status" aria-label="Loading" />;
  if (!load) {
    return (
      <div ref={place} className={classes.slot} style={slotHeights(minHeight)}>
        {frameFailed ? (
          <button
            type="button"
            onClick={() => {
              setFrameFailed(false);
              void start();
            }}
          >
            Retry
          </button>
        ) : (
          skeleton
        )}
      </div>
    );
  }
  return (
    <div className={classes.slot} style={slotHeights(minHeight)}>
      <Suspense fallback={skeleton}>
        <WidgetFrame remote={remote} exposed={exposed} load={load} skeleton={skeleton} />
      </Suspense>
    </div>
  );
}

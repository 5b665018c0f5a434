import { notify } from '@suwerte/shared';
import { afterPaint } from '../timing/after-paint';
import { Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** An idle preload waits at most this long for an idle moment (a busy page still gets its dialogs' code). */
export const DIALOG_IDLE_TIMEOUT_MS = 2_000;

/** Without requestIdleCallback (Safari), the preload starts this long after the page's first render. */
export const DIALOG_IDLE_FALLBACK_MS = 200;

/** The toast a player sees when a dialog's code could not be fetched: nothing opened, and why. */
export const dialogLoadFailedText = (name: string): string => `Couldn't open ${name}. Check your connection and try again.`;

export interface LazyDialogOptions<O, C> {
  /** What the player calls the dialog, for the toast that says it could not open: 'Lotto Results'. */
  name: string;
  /** The prop that opens it: a flag (`opened`), or a value that is null while it is closed (`game`). */
  open: O;
  /** The prop that closes it (`onClose`): called when its code could not be fetched, so the page's next opening loads it again. */
  close: C;
}

/** A dialog whose code loads with its first opening (or in an idle moment before it). */
export type LazyDialog<P> = ((props: P) => ReactNode) & {
  /** Fetches the dialog's code now; never rejects (a failed fetch is forgotten). */
  preload: () => Promise<void>;
};

/** Runs `run` when the browser is idle after the page's paint is on the screen; returns what cancels it. */
function whenIdle(run: () => void): () => void {
  let cancel: (() => void) | null = null;
  let cancelled = false;
  void afterPaint().then(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: DIALOG_IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(run, DIALOG_IDLE_FALLBACK_MS);
      cancel = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}

interface LoadedProps<P> {
  dialog: P;
  onLoadFailed: () => void;
}

/**
 * A dialog component whose code — and the kernel's `overlays` entry point it imports — is fetched
 * with its first opening instead of with the page: a page whose first screen has no open dialog
 * draws its heading without those bytes (docs/decisions/225). It renders nothing until it is first
 * opened, then the dialog through `React.lazy` + `Suspense` (fallback null), and keeps it mounted
 * afterwards, so closing transitions and the dialog's state work as with a static import. Its code
 * is also fetched in an idle moment after the page's first render, so a first click on a phone
 * rarely waits for it.
 *
 * A failed fetch never reaches the page: nothing opens, a toast says why, the page is told the
 * dialog closed (`close`), and the next opening fetches the code again.
 *
 * @param load imports the dialog's module: `() => import('./LottoResultsDialog').then((module) => module.LottoResultsDialog)`
 */
export function lazyDialog<P extends Record<O, boolean | object | null> & Record<C, () => void>, O extends keyof P, C extends keyof P>(
  load: () => Promise<ComponentType<P>>,
  { name, open, close }: LazyDialogOptions<O, C>,
): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = (): Promise<ComponentType<P>> => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      // Forgotten when it fails, so the next opening (or preload) asks again.
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };

  const isOpen = (props: P): boolean => {
    const value = props[open];
    return typeof value === 'boolean' ? value : value !== null && value !== undefined;
  };
  const closed = (props: P): P => ({ ...props, [open]: typeof props[open] === 'boolean' ? false : null });

  const createLoaded = (): LazyExoticComponent<ComponentType<LoadedProps<P>>> =>
    lazy(async (): Promise<{ default: ComponentType<LoadedProps<P>> }> => {
      let Dialog: ComponentType<P>;
      try {
        Dialog = await loadOnce();
      } catch {
        let reported = false;
        return {
          default: function DialogLoadFailed({ onLoadFailed }: LoadedProps<P>) {
            useEffect(() => {
              // Once, although StrictMode runs a new component's effects twice.
              if (reported) return;
              reported = true;
              onLoadFailed();
            }, [onLoadFailed]);
            return null;
          },
        };
      }
      return {
        default: function OpensOnceMounted({ dialog }: LoadedProps<P>) {
          // Mounted closed, then opened: Mantine's Modal remembers the focused control (where Close
          // returns the focus) when `opened` changes, not when it mounts already open.
          const [mounted, setMounted] = useState(false);
          useEffect(() => setMounted(true), []);
          return <Dialog {...(mounted ? dialog : closed(dialog))} />;
        },
      };
    });
  // Replaced after a failure: React.lazy keeps its first outcome for good.
  let Loaded = createLoaded();

  function LazyDialogOnFirstOpening(props: P) {
    const opened = isOpen(props);
    // 'failed': this opening's fetch failed; the next one (after the page closed it) tries again.
    const [state, setState] = useState<'never' | 'wanted' | 'failed'>(opened ? 'wanted' : 'never');
    if (opened && state === 'never') setState('wanted');
    if (!opened && state === 'failed') setState('never');

    useEffect(() => whenIdle(() => void loadOnce().catch(() => undefined)), []);

    if (state !== 'wanted') return null;
    const onLoadFailed = () => {
      Loaded = createLoaded();
      setState('failed');
      props[close]();
      void notify({ kind: 'error', message: dialogLoadFailedText(name) }).catch(() => undefined);
    };
    return (
      <Suspense fallback={null}>
        <Loaded dialog={props} onLoadFailed={onLoadFailed} />
      </Suspense>
    );
  }

  return Object.assign(LazyDialogOnFirstOpening, { preload: () => loadOnce().then(() => undefined, () => undefined) });
}

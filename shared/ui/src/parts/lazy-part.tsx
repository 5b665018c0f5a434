import { Suspense, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { afterPaint } from '../timing/after-paint';

export interface LazyPartOptions {
  /** Drawn in the part's place until its code is in (and while it is asked for again). @default null */
  loading?: ReactNode;
  /** Drawn in its place when its code could not be fetched; `retry` asks for it again. */
  failed: (retry: () => void) => ReactNode;
}

/** A part of a page whose code comes after the page's first screen is on show. */
export type LazyPart<P> = (props: P) => ReactNode;

interface LoadedProps<P> {
  part: P;
  retry: () => void;
}

/**
 * A part of a page — a list below the form, a notice — whose code, and the kernel entry points it
 * imports, is asked for only once the page's first screen is on show (`afterPaint`): the page's
 * heading and form arrive without those bytes and draw without their work, and the part follows in
 * a task of its own (docs/decisions/247). `loading` holds its place meanwhile. A failed fetch stays in
 * the part: `failed` is drawn instead, with a retry that asks again — the page around it never breaks.
 *
 * @param load imports the part's module: `() => import('./DepositTable').then((module) => module.DepositTable)`
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, { loading = null, failed }: LazyPartOptions): LazyPart<P> {
  const createLoaded = (): LazyExoticComponent<ComponentType<LoadedProps<P>>> =>
    lazy(async (): Promise<{ default: ComponentType<LoadedProps<P>> }> => {
      await afterPaint();
      try {
        const Part = await load();
        return { default: ({ part }: LoadedProps<P>) => <Part {...part} /> };
      } catch {
        return { default: ({ retry }: LoadedProps<P>) => failed(retry) };
      }
    });
  // Replaced by a retry: React.lazy keeps its first outcome for good.
  let Loaded = createLoaded();

  return function LazyPartAfterPaint(props: P) {
    const [, setAttempt] = useState(0);
    const retry = () => {
      Loaded = createLoaded();
      setAttempt((attempt) => attempt + 1);
    };
    return (
      <Suspense fallback={loading}>
        <Loaded part={props} retry={retry} />
      </Suspense>
    );
  };
}

import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Skeleton } from '@suwerte/shared';
import { afterFirstPaint } from '../../lib/after-first-paint';
import type { RemoteName } from './registry';
import { loadRemoteModule } from './remote-loader';
import { UnavailablePanel } from './UnavailablePanel';

interface BoundaryProps {
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches a widget that fails to load or throws while rendering. */
class WidgetBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('Remote widget failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

const widgets = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per widget and attempt: Retry gets a new one, so it really loads again. */
function lazyWidget(remote: RemoteName, exposed: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${remote}/${exposed}#${attempt}`;
  let widget = widgets.get(key);
  if (!widget) {
    widget = lazy(async () => ({ default: (await loadRemoteModule<{ default: ComponentType }>(remote, exposed)).default }));
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
      fallback={() => <UnavailablePanel remote={remote} compact onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={skeleton}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per widget and attempt by lazyWidget */}
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}

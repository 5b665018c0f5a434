import { Outlet, useNavigation, useSession } from '@suwerte/shared';
import { notificationsRequested, subscribeNotificationsRequested } from '@suwerte/shared/host';
import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { useAccountSync } from '../../features/auth/use-account-sync';
import { usePageViews } from '../../features/analytics/use-page-views';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSkeleton } from './PageSkeleton';
import { hasOverrides } from '../../features/federation/override-flag';
import classes from './Shell.module.css';

// Overlays load on first use so the first paint does not pay for them.
const SignInDialog = lazy(() => import('../../features/auth/SignInDialog'));
const Toasts = lazy(() => import('./Toasts'));
const ReleaseOverrideFlag = lazy(() => import('../../features/federation/ReleaseOverrideFlag'));

function useToastsRequested(): boolean {
  return useSyncExternalStore(subscribeNotificationsRequested, notificationsRequested, () => false);
}

export interface ShellProps {
  /**
   * The page is not known yet (a deep link whose route is still being discovered): the shell
   * paints at once with a skeleton where the page will be. @default false
   */
  pending?: boolean;
}

/** The host's layout: header, page, footer, phone bottom bar, and the lazily mounted overlays. */
export function Shell({ pending = false }: ShellProps) {
  const navigation = useNavigation();
  const signInOpen = useSession((state) => state.signIn.open);
  const toastsRequested = useToastsRequested();
  // Read once per page: an override starts or stops with a page load (the flag's Stop reloads).
  const [overridden] = useState(hasOverrides);
  // The dialog mounts the first time it opens, then stays mounted so it can animate out.
  const [signInMounted, setSignInMounted] = useState(signInOpen);
  if (signInOpen && !signInMounted) setSignInMounted(true);
  useAccountSync();
  usePageViews();

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      {overridden && (
        <Suspense fallback={null}>
          <ReleaseOverrideFlag />
        </Suspense>
      )}
      {navigation.state === 'loading' && (
        // A plain bar, not Mantine's Progress: the shell's first paint carries no component it only needs on navigation.
        <div className={classes.progress} role="progressbar" aria-label="Loading page" />
      )}
      <Header />
      <main id="main" className={classes.main}>
        {pending ? <PageSkeleton /> : <Outlet />}
      </main>
      <Footer />
      <BottomNav />
      {/* A boundary each: the toasts' code loading (the "Signed in" toast) must not suspend the
          dialog's boundary while it animates out — React hides it and disconnects its effects,
          the exit transition is lost and the dialog stayed open (seen under `npm run dev`). */}
      <Suspense fallback={null}>{signInMounted && <SignInDialog />}</Suspense>
      <Suspense fallback={null}>{toastsRequested && <Toasts />}</Suspense>
    </div>
  );
}


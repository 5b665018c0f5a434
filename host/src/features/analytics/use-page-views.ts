import { trackPageView } from '@suwerte/shared/host';
import { useLocation } from '@suwerte/shared';
import { useEffect } from 'react';

/** A page view on every route change, through the one analytics adapter. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(pathname + search);
  }, [pathname, search]);
}

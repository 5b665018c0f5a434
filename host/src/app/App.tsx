import { MantineProvider, suwerteTheme } from '@suwerte/shared/host';
import { RouterProvider, useSession } from '@suwerte/shared';
import { useEffect, useState } from 'react';
import { createRouter, followNavigationTarget } from './router';

export function App() {
  const mode = useSession((state) => state.mode);
  const [router] = useState(createRouter);
  // After RouterProvider's own subscription, never before it (docs/decisions/231).
  useEffect(() => followNavigationTarget(router), [router]);
  return (
    <MantineProvider theme={suwerteTheme} forceColorScheme={mode}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

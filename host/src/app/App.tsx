import { MantineProvider, suwerteTheme } from '@suwerte/shared/host';
import { RouterProvider, useSession } from '@suwerte/shared';
import { useState } from 'react';
import { createRouter } from './router';

export function App() {
  const mode = useSession((state) => state.mode);
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={suwerteTheme} forceColorScheme={mode}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

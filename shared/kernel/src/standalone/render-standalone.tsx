import { MantineProvider, loadRuntimeConfig, startRehydrationTimeout, suwerteTheme } from '@suwerte/shared/host';
import { RouterProvider, createBrowserRouter, useSession, type RouteObject } from '@suwerte/shared';
import { Notifications } from '@mantine/notifications';
import { StrictMode, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneShell, type StandaloneLink } from './StandaloneShell';

export interface StandaloneOptions {
  /** The remote's name, shown in the dev shell. */
  name: string;
  /** The remote's own routes (what it exposes as `./routes`). */
  routes: RouteObject[];
  /** Links shown in the dev shell's header. */
  links: StandaloneLink[];
  /** Home widgets the remote exposes, rendered on `/` of the standalone page. */
  widgets?: Record<string, ComponentType>;
}

function WidgetGallery({ widgets }: { widgets: Record<string, ComponentType> }) {
  return (
    <>
      {Object.entries(widgets).map(([key, Widget]) => (
        <section key={key} aria-label={key} style={{ marginBottom: 24 }}>
          <Widget />
        </section>
      ))}
    </>
  );
}

function StandaloneApp({ options }: { options: StandaloneOptions }) {
  const mode = useSession((state) => state.mode);
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '/',
        element: <StandaloneShell name={options.name} links={options.links} />,
        children: [{ index: true, element: <WidgetGallery widgets={options.widgets ?? {}} /> }, ...options.routes],
      },
    ]),
  );
  return (
    <MantineProvider theme={suwerteTheme} forceColorScheme={mode}>
      <RouterProvider router={router} />
      <Notifications position="top-center" classNames={{ root: 'suwerte-toasts' }} />
    </MantineProvider>
  );
}

/** Boots a remote on its own page with the host's providers (for the remote team's daily work). */
export function renderStandalone(options: StandaloneOptions): void {
  startRehydrationTimeout();
  void loadRuntimeConfig().catch((error: unknown) => console.warn('config.json could not be loaded', error));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp options={options} />
    </StrictMode>,
  );
}

import '@suwerte/shared/shell.css';
import { startRehydrationTimeout } from '@suwerte/shared/host';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { OVERRIDE_QUERY } from './features/federation/override-flag';
import { afterFirstPaint } from './lib/after-first-paint';

startRehydrationTimeout();

/** The wait before a failed download of the after-paint chunk is asked for again. */
const AFTER_PAINT_RETRY_MS = 2_000;

// The runtime config (and zod with it) and the session's sync load after the first paint; API calls
// wait for the config. A failed download is asked for again (a phone's connection dropped): the page
// would otherwise wait for it until a reload.
const startAfterPaint = (): Promise<void> =>
  import('./app/after-paint').then(
    (chunk) => chunk.startAfterPaint(),
    () => new Promise((retry) => setTimeout(retry, AFTER_PAINT_RETRY_MS)).then(startAfterPaint),
  );
void afterFirstPaint().then(startAfterPaint);

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container, {
    // Errors a boundary caught (a remote that is down) are handled in the page: report them as
    // warnings, so the console's errors stay meaningful.
    onCaughtError: (error, info) => console.warn('Handled by an error boundary:', error, info.componentStack),
  });
  // As a transition, React renders the first screen in slices and lets the browser in between (a
  // first render is otherwise one long task): taps and the downloads' callbacks are not held up.
  // RouterProvider is the router's first subscriber, so it gets what settled before it (app/App.tsx).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// `?remote-release=lotto@1.1.0` (a team trying a release): applied, and taken out of the address,
// before the router reads it. Everyone else renders at once and never downloads that code.
if (new URLSearchParams(window.location.search).has(OVERRIDE_QUERY)) {
  void import('./features/federation/release-override')
    .then(({ applyOverrideQuery }) => applyOverrideQuery(window.location, window.history))
    .catch((error: unknown) => console.warn('The release override could not be applied', error))
    .finally(render);
} else {
  render();
  // A deep link (a bookmark, a reload): a remote page's whole chain starts now, beside the shell (docs/decisions/210).
  if (window.location.pathname !== '/') {
    void import('./features/federation/deep-link-warmup').then(({ warmUpDeepLink }) => warmUpDeepLink(window.location.pathname));
  }
}

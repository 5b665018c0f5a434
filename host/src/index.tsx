import '@suwerte/shared/shell.css';
import { startRehydrationTimeout } from '@suwerte/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterFirstPaint } from './lib/after-first-paint';

startRehydrationTimeout();

// The runtime config (and zod with it) loads after the first paint; API calls wait for it.
void afterFirstPaint()
  .then(() => import('./app/runtime-config'))
  .then(({ startRuntimeConfig }) => startRuntimeConfig());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container, {
  // Errors a boundary caught (a remote that is down) are handled in the page: report them as
  // warnings, so the console's errors stay meaningful.
  onCaughtError: (error, info) => console.warn('Handled by an error boundary:', error, info.componentStack),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

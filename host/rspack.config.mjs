// @ts-check
// The host is built without the Module Federation plugin: a lazy chunk creates the federation
// instance on the first remote route or widget (docs/decisions/001).
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({
  dir: import.meta.dirname,
  // What every signed-in deep link to a remote's page loads from the host before the page's own code,
  // as the lazy imports are written (src/index.tsx, the warm-up, route discovery): app.html lists their
  // files for the early script (docs/decisions/236). A request the build no longer has fails it.
  deepLinkChain: ['./app/after-paint', './account-call', '../features/federation/remote-routes', './features/federation/deep-link-warmup', './registry', './federation', '@suwerte/shared/early-calls', './resilient-route', '@suwerte/shared'],
});

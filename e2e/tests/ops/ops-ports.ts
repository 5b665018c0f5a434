/** Ports of the ops suites' own servers, next to the suite's site (E2E_PORT_BASE … +10). */
const base = Number(process.env.E2E_PORT_BASE ?? 5300);

/** The nginx site of nginx.spec.ts: host = +20, remotes +21…+24. */
export const NGINX_SITE_BASE = base + 20;
/** The nginx site of versioned-remote.spec.ts: host = +30, remotes +31…+34. */
export const VERSIONED_SITE_BASE = base + 30;
/** The nginx sites of the delivery specs (redeploy, release checks, canary; one at a time): +25…+29. */
export const DELIVERY_SITE_BASE = base + 25;
/** `npm run dev` in dev-loop.spec.ts: host +40, remotes +41…+44, player API +50. */
export const DEV_PORT_BASE = base + 40;
export const DEV_API_PORT = base + 50;
/** An origin nothing listens on and the CSP does not allow. */
export const FOREIGN_ORIGIN = `http://localhost:${base + 39}`;

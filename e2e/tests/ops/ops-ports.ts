/**
 * Ports of the ops suites' own servers, next to the worker's site (site base … +99). Each
 * Playwright worker has a site of its own (playwright.config.ts sets E2E_PORT_BASE per worker).
 */
export function opsPorts(base: number) {
  return {
    /** The nginx site of nginx.spec.ts: host = +20, remotes +21…+24. */
    nginxSiteBase: base + 20,
    /** The nginx sites of the delivery specs (redeploy, release checks, canary; one at a time): +25…+29. */
    deliverySiteBase: base + 25,
    /** The nginx site of versioned-remote.spec.ts: host = +30, remotes +31…+34. */
    versionedSiteBase: base + 30,
    /** An origin nothing listens on and the CSP does not allow. */
    foreignOrigin: `http://localhost:${base + 39}`,
    /** `npm run dev` in dev-loop.spec.ts: host +40, remotes +41…+44, player API +50. */
    devPortBase: base + 40,
    devApiPort: base + 50,
  };
}

const ports = opsPorts(Number(process.env.E2E_PORT_BASE ?? 5300));

export const NGINX_SITE_BASE = ports.nginxSiteBase;
export const VERSIONED_SITE_BASE = ports.versionedSiteBase;
export const DELIVERY_SITE_BASE = ports.deliverySiteBase;
export const DEV_PORT_BASE = ports.devPortBase;
export const DEV_API_PORT = ports.devApiPort;
export const FOREIGN_ORIGIN = ports.foreignOrigin;

// @suwerte/contracts — the endpoint table and the zod contracts of both spec documents, with the
// field and form validation and each area's rules and server-side texts. Pure (zod, the platform's
// fetch, @suwerte/money and @suwerte/time): the browser apps, the player API, the e2e suites and the
// tools import it alike. A build-time library: each app bundles what it imports (docs/decisions/150).
// This entry point is the whole table (the player API, e2e, tools); browser code imports the entry
// point of its area (`@suwerte/contracts/sports`, …) and `@suwerte/contracts/core`.
export * from './core';
export * from './account';
export * from './members';
export * from './lotto';
export * from './sports';
export * from './karera';
export * from './telemetry';
export * from './contracts/index';
export * from './endpoints/index';

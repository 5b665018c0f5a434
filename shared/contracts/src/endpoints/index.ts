// The endpoint table: one definition per call of the player API (README.md beside this file).
// Pure (zod, and the platform's fetch in fetch-endpoint.ts): the browser, the player API, the
// e2e suites and the tools import it alike.
export * from './define';
export * from './fetch-endpoint';
export * from './account';
export * from './auth';
export * from './history';
export * from './jackpot';
export * from './lotto';
export * from './members';
export * from './operator';
export * from './sports';
export * from './telemetry';
export * from './uploads';

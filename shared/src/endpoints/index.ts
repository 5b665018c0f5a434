// The endpoint table: one definition per call of the player API (README.md beside this file).
// Pure (zod only): the browser, the player API and the e2e suites import it alike.
export * from './define';
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

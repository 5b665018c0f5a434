// Module Federation in one home (docs/decisions/155): the names, ports, files and globals everyone
// agrees on (constants.mjs, plain JavaScript for the build's configuration and the deploy scripts),
// release names, the remote registry, what a release needs from the host and the check against what
// the host provides, the remote-error and vitals reports. Used by the host's federation chunk, the builds,
// `publish-remote`, the player API's telemetry and the tests — never by the shell's first paint.
export * from './constants.mjs';
export * from './registry-writers.mjs';
export * from './registry';
export * from './compatibility';
export * from './version-range';
export * from './manifest';
export * from './release';
export * from './telemetry';
export * from './vitals';

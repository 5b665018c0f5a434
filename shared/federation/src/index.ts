// Independent delivery of remotes: release names, what a release needs from the host and the
// check against what the host provides, the remote-error report. Used by the host's federation
// chunk, `publish-remote` and the player API's telemetry — never by the shell's first paint.
export * from './compatibility';
export * from './manifest';
export * from './release';
export * from './telemetry';

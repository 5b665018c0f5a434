// What the shell starts once it has painted (src/index.tsx), in one chunk: the runtime config, which
// every API call waits for, and the session's sync across tabs and its renewal.
import { startRuntimeConfig } from './runtime-config';
import { startSessionSync } from './session-sync';

export function startAfterPaint(): void {
  void startRuntimeConfig();
  startSessionSync();
}

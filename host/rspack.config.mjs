// @ts-check
// The host is built without the Module Federation plugin: a lazy chunk creates the federation
// instance on the first remote route or widget (docs/decisions/001).
import { createAppConfig } from '../tools/rspack/create-config.mjs';

export default createAppConfig({ dir: import.meta.dirname });

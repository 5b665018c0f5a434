// @ts-check
// The zod the browser apps share through Module Federation, one copy per page (docs/decisions/152).
// A shared module is handed over whole — it is not tree-shaken — and zod's package entry carries
// every locale, JSON Schema conversion and the schema compiler besides the schemas. This entry is
// zod's classic API without them (and without its zod 3 compatibility layer and compiler hooks):
// every schema, check, error and parse function, `z.coerce`, `z.iso`. The host and every remote resolve `zod` here (create-config.mjs), so whichever app
// provides it, the others get the same thing; a name left out fails the build that uses it
// (`exportsPresence: 'error'`), never the page. Tests and the player API use zod itself.
export * from 'zod-v4-files/classic/schemas.js';
export * from 'zod-v4-files/classic/checks.js';
export * from 'zod-v4-files/classic/errors.js';
export * from 'zod-v4-files/classic/parse.js';
export {
  globalRegistry,
  registry,
  config,
  memoizer,
  $output,
  $input,
  $brand,
  clone,
  regexes,
  treeifyError,
  prettifyError,
  formatError,
  flattenError,
  TimePrecision,
  util,
  NEVER,
  getDiscriminatedOption,
} from 'zod-v4-files/core/index.js';
export { deepPartial } from 'zod-v4-files/classic/deep-partial.js';
export { input, output } from 'zod-v4-files/classic/in-out.js';
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from 'zod-v4-files/classic/iso.js';
export * as iso from 'zod-v4-files/classic/iso.js';
export * as coerce from 'zod-v4-files/classic/coerce.js';
import * as z from './zod-browser.mjs';
import { config as configure } from 'zod-v4-files/core/index.js';
export { z, z as default };

// The pages run under a CSP without 'unsafe-eval': zod's JIT (new Function) is switched off before
// any schema is built — even trying it is a CSP violation (a schema module imported before the one
// that configures zod would try it).
configure({ jitless: true });

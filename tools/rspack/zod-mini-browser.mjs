// @ts-check
// The zod/mini the browser apps share through Module Federation, one copy per page (docs/decisions/235).
// Every schema of the site's browser code is written in zod's functional form (`zod/mini`): a shared
// module is handed over whole, not tree-shaken, so what this entry exports is what every page carries,
// and a mini schema reaches nothing of zod but its own class. The list: the functions the site calls,
// and about twenty common ones beside them (`any`, `unknown`, `nullish`, `pick`, `omit`,
// `discriminatedUnion`, a few checks), so a remote's next schema rarely needs a longer list — which is
// a kernel minor, host first (the list is checked like a kernel entry point's exports). English
// messages only, no schema compiler, JSON Schema conversion stubbed (zod-for-browsers.mjs); `z.core`
// is for types only here. The host and every remote resolve `zod/mini` here (create-config.mjs); a
// name left out fails the build that uses it (`exportsPresence: 'error'`), never the page. Tests and
// the player API use zod itself.
export {
  _default,
  any,
  array,
  boolean,
  catch,
  check,
  custom,
  discriminatedUnion,
  email,
  enum,
  extend,
  instanceof,
  intersection,
  literal,
  looseObject,
  null,
  nullable,
  nullish,
  number,
  int,
  object,
  omit,
  optional,
  partial,
  partialRecord,
  pick,
  pipe,
  record,
  refine,
  strictObject,
  string,
  superRefine,
  transform,
  tuple,
  union,
  unknown,
  url,
  uuid,
} from 'zod-v4-files/mini/schemas.js';
export {
  endsWith,
  gt,
  gte,
  includes,
  length,
  lt,
  lte,
  maxLength,
  minLength,
  multipleOf,
  negative,
  nonnegative,
  normalize,
  positive,
  regex,
  startsWith,
  toLowerCase,
  toUpperCase,
  trim,
} from 'zod-v4-files/mini/checks.js';
export { parse, parseAsync, safeParse, safeParseAsync } from 'zod-v4-files/mini/parse.js';
export { config, flattenError, NEVER, prettifyError, treeifyError } from 'zod-v4-files/core/index.js';
export * as iso from 'zod-v4-files/mini/iso.js';
export * as coerce from 'zod-v4-files/mini/coerce.js';
import * as z from './zod-mini-browser.mjs';
import { config as configure } from 'zod-v4-files/core/index.js';
import en from 'zod-v4-files/locales/en.js';
export { z, z as default };

// The pages run under a CSP without 'unsafe-eval': zod's JIT (new Function) is switched off before
// any schema is built. zod's English messages, as classic zod and the player API give them (zod/mini
// loads no locale of its own): a check without a message of ours still reads the same.
configure({ jitless: true, ...en() });

// What a remote's container gets for `@module-federation/error-codes` (aliased in remotes only,
// docs/decisions/090). The container's copy of `@module-federation/runtime` imports the package's
// whole table of runtime error texts (~1.3 KB) to word one error (RUNTIME-009); every other error
// a container raises is worded by the page's runtime core (the host's, with the whole table) or
// by the bundler runtime's own texts. So the table here holds only the texts of the codes the
// container's runtime imports — the same words, read from the installed package at build time
// (federation-runtime.mjs) — and the rest of the package is re-exported as is.
// `@module-federation/error-codes/dist` is an alias to the package's dist folder (its `exports`
// field hides the files).
export * from '@module-federation/error-codes/dist/error-codes.mjs';
export { getShortErrorMsg } from '@module-federation/error-codes/dist/getShortErrorMsg.mjs';
export { buildDescMap, errorDescMap, typeDescMap } from '@module-federation/error-codes/dist/desc.mjs';

/** @type {Record<string, string>} */
// eslint-disable-next-line no-undef -- a compile-time constant (DefinePlugin)
export const runtimeDescMap = __SUWERTE_CONTAINER_RUNTIME_DESC__;

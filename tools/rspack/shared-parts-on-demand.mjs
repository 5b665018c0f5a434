/* global __webpack_require__, __SUWERTE_CONTAINER__ -- the container's own module system (a free variable the bundler
   replaces) and its name (create-config.mjs defines it: the runtime has not set it when plugins start) */
// A federation runtime plugin of every remote (create-config.mjs, docs/decisions/139): before one of
// the remote's chunks runs, the host may load the parts of @suwerte/shared that chunk imports. The
// bundler runs every `__webpack_require__.f` handler when a chunk is requested and evaluates the
// chunk's modules only once all their promises have settled, so a part the host is still fetching
// is there before any code of the chunk reads it. The host answers through one global function;
// a host without it (built before this) has loaded every part up front, and the handler does nothing.

/** The host's function: (container name, chunk id) → a promise, or undefined when nothing is needed. */
const HOST_HOOK = '__SUWERTE_SHARED_PARTS__';

export default function sharedPartsOnDemand() {
  const require = __webpack_require__;
  if (require.f && !require.f.suwerteSharedParts) {
    const container = __SUWERTE_CONTAINER__;
    require.f.suwerteSharedParts = (chunkId, promises) => {
      const ensure = globalThis[HOST_HOOK];
      const pending = typeof ensure === 'function' && container ? ensure(container, chunkId) : undefined;
      if (pending) promises.push(pending);
    };
  }
  return { name: 'suwerte-shared-parts-on-demand' };
}

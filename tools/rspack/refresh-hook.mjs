// Development only, first in the host's page. React Refresh finds React through the DevTools
// global hook. Without the DevTools extension, the stand-in hook a refresh runtime creates never
// records the renderer, so each remote's own refresh runtime — which arrives after react-dom, with
// the remote — finds no renderer, and an edit to a remote component re-renders nothing ("App is
// up to date", silently). A stand-in that records the renderer lets a late runtime find it.
let hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (!hook) {
  let nextId = 0;
  hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject: () => nextId++,
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
if (!hook.suwerteKeepsRenderers) {
  const inject = hook.inject;
  hook.inject = function (renderer) {
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
  hook.suwerteKeepsRenderers = true;
}

// What Mantine's ScrollArea gets for `@floating-ui/react` in the host's build (create-config.mjs,
// docs/decisions/135). ScrollArea takes one hook from that package, `useMergeRefs`, to merge its
// viewport refs; the package is one module, so the hook brought all of floating-ui (~15 KB gzip) to
// every page with a ScrollArea, a Modal or Drawer (ModalRoot imports ScrollArea) or a Table, popover
// or not. Mantine's own `useMergedRef` does the same work in a few hundred bytes.
// If a Mantine release takes another name from the package here, the build fails (exportsPresence).
import { useMergedRef } from '@mantine/hooks';

/**
 * floating-ui's `useMergeRefs(refs)` over Mantine's `useMergedRef(...refs)`: one callback ref that
 * gives the node to every ref, null on detach, and runs the cleanups React 19 callback refs return.
 * @template T
 * @param {ReadonlyArray<import('react').Ref<T> | undefined>} refs
 * @returns {import('react').RefCallback<T>}
 */
export function useMergeRefs(refs) {
  return useMergedRef(...refs);
}

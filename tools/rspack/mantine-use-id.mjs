// What Mantine's components get for `useId` from `@mantine/hooks` in the site's builds
// (create-config.mjs, docs/decisions/242). Mantine's hook starts from React's id and, in a layout
// effect after the first commit, swaps it for a random one — for React versions without `useId`.
// Every component using it (a radio group and its cards, an accordion, every labelled input) is then
// drawn twice as it mounts, the second time synchronously before the paint: on deposit's deep link a
// second commit of 47 components, a long task of ~90 ms on a phone's CPU (5× slower here). React's
// own id is unique within the page's one root and stable, which is what the labels need.
import { useId as useReactId } from 'react';

/**
 * Mantine's `useId(staticId?)`: `staticId` when given, else React's id in Mantine's form
 * (`mantine-` and the id without colons), the same on every render.
 * @param {string | undefined} [staticId]
 * @returns {string}
 */
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}

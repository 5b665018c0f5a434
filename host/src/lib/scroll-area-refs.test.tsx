// The host's build gives Mantine's ScrollArea `tools/rspack/scroll-area-refs.mjs` in place of
// floating-ui's `useMergeRefs` (docs/decisions/135). Both are rendered here through the same life of
// a scroll area (mount, the same refs, a new ref, unmount), and what each ref sees must be the same.
// (A Mantine release that takes another name from floating-ui here fails the build: exportsPresence;
// e2e tests/sports/home-widgets.spec.ts checks that the home page loads no floating-ui.)
import { useMergeRefs as floatingUseMergeRefs } from '@floating-ui/react';
import { render } from '@testing-library/react';
import { createRef, type Ref, type RefCallback } from 'react';
import { useMergeRefs } from '../../../tools/rspack/scroll-area-refs.mjs';

type UseMergeRefs = (refs: (Ref<HTMLDivElement> | undefined)[]) => RefCallback<HTMLDivElement> | null;

function Viewport({ use, refs }: { use: UseMergeRefs; refs: (Ref<HTMLDivElement> | undefined)[] }) {
  return <div data-testid="viewport" ref={use(refs)} />;
}

/** What every ref saw while a viewport went through mount, the same refs, a ref's swap and unmount. */
function lifeOfAViewport(use: UseMergeRefs): string[] {
  const seen: string[] = [];
  const name = (node: HTMLDivElement | null) => (node ? node.dataset.testid : 'null');
  const objectRef = createRef<HTMLDivElement>();
  const callback = (label: string) => (node: HTMLDivElement | null) => void seen.push(`${label} ${name(node)}`);
  const withCleanup = (label: string) => (node: HTMLDivElement | null) => {
    seen.push(`${label} ${name(node)}`);
    return () => void seen.push(`${label} cleanup`);
  };
  const first = callback('first');
  const cleaning = withCleanup('cleaning');
  const view = render(<Viewport use={use} refs={[objectRef, first, cleaning, undefined]} />);
  seen.push(`object ${name(objectRef.current)}`);

  // The same refs again: nothing is called (the merged ref is kept).
  view.rerender(<Viewport use={use} refs={[objectRef, first, cleaning, undefined]} />);
  seen.push('— same refs');

  // A new callback in place of the first: the old refs let go, every ref gets the node again.
  view.rerender(<Viewport use={use} refs={[objectRef, callback('second'), cleaning, undefined]} />);
  seen.push(`— swapped; object ${name(objectRef.current)}`);

  view.unmount();
  seen.push(`— unmounted; object ${name(objectRef.current)}`);
  return seen;
}

describe("ScrollArea's merged viewport ref (the host build's stand-in for floating-ui's)", () => {
  it('gives every ref what floating-ui gives it, through mount, new refs and unmount', () => {
    const expected = lifeOfAViewport(floatingUseMergeRefs);
    expect(expected).toContain('object viewport');
    expect(expected).toContain('cleaning cleanup');
    expect(lifeOfAViewport(useMergeRefs)).toEqual(expected);
  });
});

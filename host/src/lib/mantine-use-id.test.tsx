// The site's builds give Mantine's components `tools/rspack/mantine-use-id.mjs` for `useId`
// (docs/decisions/242). Mantine's own hook swaps React's id for a random one in a layout effect after
// the first commit: every component using it is drawn twice as it mounts. Both are rendered here.
// eslint-disable-next-line no-restricted-imports -- Mantine's own hook, compared with the build's stand-in
import { useId as mantineUseId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { useId } from '../../../tools/rspack/mantine-use-id.mjs';

type UseId = (staticId?: string) => string;

function Field({ use, label }: { use: UseId; label: string }) {
  const id = use();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

/** Two labelled fields mounted with `use`: how many commits it took, and the ids after a re-render. */
function mountTwoFields(use: UseId): { commits: number; ids: string[]; idsAfterRerender: string[] } {
  let commits = 0;
  const form = () => (
    <Profiler id="form" onRender={() => (commits += 1)}>
      <Field use={use} label="Account Name" />
      <Field use={use} label="Account Number" />
    </Profiler>
  );
  const view = render(form());
  const ids = () => [screen.getByLabelText('Account Name').id, screen.getByLabelText('Account Number').id];
  const first = ids();
  const mountCommits = commits;
  view.rerender(form());
  const after = ids();
  view.unmount();
  return { commits: mountCommits, ids: first, idsAfterRerender: after };
}

describe("Mantine's useId in the site's builds", () => {
  it('mounts in one commit, where Mantine’s own hook takes a second one', () => {
    expect(mountTwoFields(mantineUseId).commits).toBe(2);
    expect(mountTwoFields(useId).commits).toBe(1);
  });

  it('gives each field its own id, labels find their inputs, and the ids stay the same on re-render', () => {
    const { ids, idsAfterRerender } = mountTwoFields(useId);
    expect(ids[0]).toMatch(/^mantine-/);
    expect(new Set(ids).size).toBe(2);
    expect(idsAfterRerender).toEqual(ids);
  });

  it('returns a static id as it is, as Mantine’s does', () => {
    function Named() {
      return <span data-testid="named">{useId('deposit-method')}</span>;
    }
    render(<Named />);
    expect(screen.getByTestId('named')).toHaveTextContent('deposit-method');
  });
});

import { Button, Text } from '@suwerte/shared';
import { renderWithProviders } from '@suwerte/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterPaint } from '../timing/after-paint';
import { watch } from '../testing';
import { lazyPart } from './lazy-part';

interface RowsProps {
  count: number;
}

function Rows({ count }: RowsProps) {
  return <Text>{count} rows</Text>;
}

const OPTIONS = {
  loading: <Text>Fetching data</Text>,
  failed: (retry: () => void) => <Button onClick={retry}>Retry</Button>,
};

describe('lazyPart', () => {
  it('holds the part’s place and asks for its code only once the page’s paint is on show, then draws it with its props', async () => {
    const load = vi.fn<() => Promise<ComponentType<RowsProps>>>(async () => Rows);
    const LazyRows = lazyPart(load, OPTIONS);
    const painted = watch(afterPaint());
    renderWithProviders(
      <>
        <h1>Deposit</h1>
        <LazyRows count={3} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    expect(screen.getByText('Fetching data')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(painted.done).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('3 rows')).toBeInTheDocument();
    expect(painted.done).toBe(true);
    expect(screen.queryByText('Fetching data')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws `failed` in its place when the code cannot be fetched, and fetches it again on retry', async () => {
    const load = vi.fn<() => Promise<ComponentType<RowsProps>>>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Rows);
    const LazyRows = lazyPart(load, OPTIONS);
    renderWithProviders(
      <>
        <h1>Deposit</h1>
        <LazyRows count={2} />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 rows')).toBeInTheDocument();
    // The page around it never broke.
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

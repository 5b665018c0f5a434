import { Button, Text } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { renderWithProviders } from '@suwerte/shared/testing';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState, type ComponentType } from 'react';
import { AFTER_PAINT_LIMIT_MS, afterPaint } from '../timing/after-paint';
import { DIALOG_IDLE_FALLBACK_MS, dialogLoadFailedText, lazyDialog, type LazyDialog } from './lazy-dialog';

interface ResultsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Counts the dialog's mounts, so a test can tell "kept mounted" from "mounted again". */
  onMount: () => void;
}

/** A dialog as the remotes write them: the kernel's Modal, opened by a flag, with state of its own. */
function ResultsDialog({ opened, onClose, onMount }: ResultsDialogProps) {
  const [counted, setCounted] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- counts mounts, not new callbacks
  useEffect(onMount, []);
  return (
    <Modal opened={opened} onClose={onClose} title="Test Results">
      <Button onClick={() => setCounted((count) => count + 1)}>Counted {counted}</Button>
    </Modal>
  );
}

interface GameDialogProps {
  game: { id: string } | null;
  onClose: () => void;
}

/** A dialog closed by a null value (the sports page's `game`). */
function GameDialog({ game, onClose }: GameDialogProps) {
  return (
    <Modal opened={game !== null} onClose={onClose} title="Game Result">
      <Text>Game {game?.id}</Text>
    </Modal>
  );
}

/** The browser's idle moments, run when the test says. */
function controlledIdle() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return {
    count: () => waiting.length,
    run: () => act(() => waiting.splice(0).forEach((run) => run())),
  };
}

function Page({ Dialog }: { Dialog: LazyDialog<ResultsDialogProps> }) {
  const [opened, setOpened] = useState(false);
  const [mounts, setMounts] = useState(0);
  return (
    <>
      <h1>Page</h1>
      <Button onClick={() => setOpened(true)}>Test Results</Button>
      <Text data-testid="mounts">{mounts}</Text>
      <Dialog opened={opened} onClose={() => setOpened(false)} onMount={() => setMounts((count) => count + 1)} />
    </>
  );
}

function setUp() {
  const idle = controlledIdle();
  const load = vi.fn<() => Promise<ComponentType<ResultsDialogProps>>>(async () => ResultsDialog);
  const Dialog = lazyDialog(load, { name: 'Test Results', open: 'opened', close: 'onClose' });
  renderWithProviders(<Page Dialog={Dialog} />, { toasts: true });
  return { idle, load, open: () => userEvent.click(screen.getByRole('button', { name: 'Test Results' })) };
}

/** Waits for the closing transition and the focus's return (timers): generous, for a loaded runner. */
const SETTLED = { timeout: 5000 };

async function closeDialog() {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SETTLED);
}

describe('lazyDialog', () => {
  afterEach(() => {
    // Unmounted first: the idle preload's cleanup cancels through the stubbed browser.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders nothing and fetches nothing while the dialog was never opened and the browser was not idle', () => {
    const { load } = setUp();
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('mounts')).toHaveTextContent('0');
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the code with the first opening and opens the dialog once it is in', async () => {
    const { load, open } = setUp();
    await open();
    expect(await screen.findByRole('dialog', { name: 'Test Results' })).toHaveTextContent('Counted 0');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog mounted after it closes: its state stays, its code is fetched once, and Close returns the focus to the button', async () => {
    const { load, open } = setUp();
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Counted 0' }));
    await closeDialog();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Test Results' })).toHaveFocus(), SETTLED);
    await open();
    expect(await screen.findByRole('dialog', { name: 'Test Results' })).toHaveTextContent('Counted 1');
    expect(screen.getByTestId('mounts')).toHaveTextContent('1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts fetching the code in the browser’s first idle moment after the page’s first paint', async () => {
    const { idle, load, open } = setUp();
    // Not asked for before the page's first screen is on show (docs/decisions/246).
    expect(idle.count()).toBe(0);
    await act(() => afterPaint());
    expect(idle.count()).toBeGreaterThan(0);
    expect(load).not.toHaveBeenCalled();
    await idle.run();
    expect(load).toHaveBeenCalledTimes(1);
    // Not mounted by the preload: the dialog's own effects wait for its opening.
    expect(screen.getByTestId('mounts')).toHaveTextContent('0');
    await open();
    expect(await screen.findByRole('dialog', { name: 'Test Results' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback, starts fetching shortly after the first render', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const load = vi.fn<() => Promise<ComponentType<ResultsDialogProps>>>(async () => ResultsDialog);
      const Dialog = lazyDialog(load, { name: 'Test Results', open: 'opened', close: 'onClose' });
      renderWithProviders(<Page Dialog={Dialog} />);
      expect(load).not.toHaveBeenCalled();
      // The page's paint (two frames, or the limit when none come), then the fallback's delay.
      await act(() => vi.advanceTimersByTimeAsync(AFTER_PAINT_LIMIT_MS + DIALOG_IDLE_FALLBACK_MS));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed fetch leaves the page as it was and says so; the next opening fetches the code again and opens', async () => {
    const { load, open } = setUp();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await open();
    expect(await screen.findByText(dialogLoadFailedText('Test Results'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    // The page was told the dialog closed, so the button opens it again: a new fetch, which works.
    await open();
    expect(await screen.findByRole('dialog', { name: 'Test Results' })).toHaveTextContent('Counted 0');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed idle preload is forgotten: the first opening fetches again', async () => {
    const { idle, load, open } = setUp();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await act(() => afterPaint());
    await idle.run();
    await open();
    expect(await screen.findByRole('dialog', { name: 'Test Results' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(dialogLoadFailedText('Test Results'))).not.toBeInTheDocument();
  });

  it('preload() fetches the code once and never rejects: a failed fetch is forgotten', async () => {
    const load = vi.fn<() => Promise<ComponentType<ResultsDialogProps>>>(async () => ResultsDialog);
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const Dialog = lazyDialog(load, { name: 'Test Results', open: 'opened', close: 'onClose' });
    await expect(Dialog.preload()).resolves.toBeUndefined();
    await Dialog.preload();
    await Dialog.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('opens a dialog whose open prop is a value that is null while closed, and closes it', async () => {
    controlledIdle();
    const Dialog = lazyDialog(async () => GameDialog, { name: 'Game Result', open: 'game', close: 'onClose' });
    function SportsPage() {
      const [game, setGame] = useState<{ id: string } | null>(null);
      return (
        <>
          <Button onClick={() => setGame({ id: 'g-7' })}>View Result</Button>
          <Dialog game={game} onClose={() => setGame(null)} />
        </>
      );
    }
    renderWithProviders(<SportsPage />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Result' }));
    expect(await screen.findByRole('dialog', { name: 'Game Result' })).toHaveTextContent('Game g-7');
    await closeDialog();
  });
});

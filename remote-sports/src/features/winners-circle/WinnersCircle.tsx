import { Button, Card, Group, SimpleGrid, Stack, Title, useEndpointQuery } from '@suwerte/shared';
import { LoadFailedLine, StatusText, TrophyIcon } from '@suwerte/ui';
import { sportsEndpoints, type Winner } from '@suwerte/contracts/sports';
import { useDeferredValue, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { AllWinnersDialogProps } from './AllWinnersDialog';
import { WinnerList } from './WinnerList';

type DialogComponent = ComponentType<AllWinnersDialogProps>;
/** The dialog's chunk, fetched once; a failed fetch is forgotten, so Retry fetches it again. */
let dialogChunk: Promise<DialogComponent> | null = null;
function loadDialog(): Promise<DialogComponent> {
  if (!dialogChunk) {
    const attempt = import('./AllWinnersDialog').then((module) => module.default);
    dialogChunk = attempt;
    attempt.catch(() => {
      if (dialogChunk === attempt) dialogChunk = null;
    });
  }
  return dialogChunk;
}

/** What a failed load shows: an empty list (document 2, section 7); one array, so a list is not redrawn for a new one. */
/** The biggest winners the home page shows; View All Winners shows the rest. */
export const HOME_BIGGEST_WINNERS = 5;

const NO_WINNERS: readonly Winner[] = [];

function Column({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Home widget "Winners Circle" (exposed as `sports/WinnersCircle`): Todays Winners and the top 5
 * Biggest Winners, with View All Winners → 'ALL BIGGEST WINNER'. Names arrive masked from the
 * server: the public calls never carry a username.
 */
export default function WinnersCircle() {
  const today = useEndpointQuery(sportsEndpoints.todaysWinners);
  const biggest = useEndpointQuery(sportsEndpoints.biggestWinners);
  const [allOpen, setAllOpen] = useState(false);
  // The dialog's code arrives on the first View All Winners (or when the pointer or focus reaches the button).
  const [AllWinners, setAllWinners] = useState<DialogComponent | null>(null);
  const [dialogLoad, setDialogLoad] = useState<'idle' | 'loading' | 'failed'>('idle');
  const openAll = () => {
    if (AllWinners) {
      setAllOpen(true);
      return;
    }
    setDialogLoad('loading');
    loadDialog().then(
      (component) => {
        // Mounted closed and the button enabled first (AllWinnersDialogProps.opened); the button, which
        // lost the focus while it was disabled, gets it back before the dialog opens, so closing the
        // dialog returns it there.
        flushSync(() => {
          setAllWinners(() => component);
          setDialogLoad('idle');
        });
        if (document.activeElement === null || document.activeElement === document.body) viewAll.current?.focus();
        setAllOpen(true);
      },
      () => setDialogLoad('failed'),
    );
  };
  const prefetchDialog = () => void loadDialog().catch(() => undefined);
  const viewAll = useRef<HTMLButtonElement>(null);
  // TanStack Query hands over data through useSyncExternalStore, which React renders in one
  // uninterruptible task; the lists are drawn from deferred copies instead, in renders React can
  // interrupt, so the page stays responsive while they arrive (docs/decisions/125). null: loading.
  const todays = useDeferredValue(today.isPending ? null : (today.data ?? NO_WINNERS));
  const all = useDeferredValue(biggest.isPending ? null : (biggest.data ?? NO_WINNERS));
  const top = useMemo(() => (all === null ? null : all.slice(0, HOME_BIGGEST_WINNERS)), [all]);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="winners-circle-title">
      <Stack gap="md">
        <Group gap="xs">
          <TrophyIcon size={24} color="var(--mantine-color-gold-5)" aria-hidden />
          <Title order={2} size="h3" id="winners-circle-title">
            Winners Circle
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Column title="Todays Winners" id="todays-winners-title">
            {todays === null ? <StatusText loading>Fetching data</StatusText> : todays.length === 0 ? <StatusText>No Todays Winners</StatusText> : <WinnerList winners={todays} label="Todays Winners" />}
          </Column>
          <Column title="Biggest Winners" id="biggest-winners-title">
            {top === null ? (
              <StatusText loading>Fetching data</StatusText>
            ) : top.length === 0 ? (
              <StatusText>No Big Winners</StatusText>
            ) : (
              <WinnerList winners={top} label="Biggest Winners" />
            )}
            <Button ref={viewAll} variant="outline" onClick={openAll} onPointerEnter={prefetchDialog} onFocus={prefetchDialog} loading={dialogLoad === 'loading'}>
              View All Winners
            </Button>
            {dialogLoad === 'failed' && <LoadFailedLine onRetry={openAll} />}
          </Column>
        </SimpleGrid>
      </Stack>
      {AllWinners && <AllWinners opened={allOpen} onClose={() => setAllOpen(false)} winners={all} />}
    </Card>
  );
}

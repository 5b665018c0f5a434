import { Card, SimpleGrid, Skeleton, Stack, useEndpointQuery, useSearchParams } from '@suwerte/shared';
import { Tabs } from '@suwerte/shared/pages';
import { LoadFailedLine, PageTitle, StatusText, lazyDialog } from '@suwerte/ui';
import { sportsEndpoints, type ScheduledGame } from '@suwerte/contracts/sports';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTimeAt } from '../../lib/use-time-at';
import { GameCard } from './GameCard';
import { JackpotBanner } from './JackpotBanner';
import { SPORTS_TABS, gamesForTab, isSportsTab, nextTabChange, type SportsTab } from './game-tabs';

/** The cards a desktop shows above the fold (two rows of three): drawn first when the page opens with its games in. */
const FIRST_SCREEN_GAMES = 6;

/** Badges and the Live tab follow the games while the page stays open (docs/decisions/071-sports-tabs.md). */
export const SCHEDULE_REFRESH_MS = 30_000;

// Closed on the page's first screen: their code (and the kernel's overlays) comes with their first
// opening or an idle moment, not before the page's heading (docs/decisions/225).
const SelectBettingGameDialog = lazyDialog(
  () => import(/* webpackChunkName: "dialog-SelectBettingGame" */ '../select-game/SelectBettingGameDialog').then((module) => module.SelectBettingGameDialog),
  { name: 'Select Betting Game', open: 'game', close: 'onClose' },
);
const GameResultDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-GameResult" */ './GameResultDialog').then((module) => module.GameResultDialog), {
  name: 'Game Result',
  open: 'game',
  close: 'onClose',
});

interface GameGridProps {
  games: ScheduledGame[];
  loading: boolean;
  /** The last load failed: the empty text gets a "couldn't load — Retry" line. */
  failed: boolean;
  onRetry: () => void;
  retrying: boolean;
  now: number;
  onBet: (game: ScheduledGame) => void;
  onViewResult: (game: ScheduledGame) => void;
}

/**
 * The cards. Drawn from the page's deferred value (memo: the page's own urgent renders leave it be), so
 * a long list is drawn in a render React slices and a tap is not held up while a phone draws it.
 */
const GameGrid = memo(function GameGrid({ games, loading, failed, onRetry, retrying, now, onBet, onViewResult }: GameGridProps) {
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading games">
        {[0, 1, 2].map((key) => (
          <Card key={key} withBorder radius="lg" padding="md">
            <Skeleton height={150} radius="md" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  // A failed load is an empty list (document 2, section 7).
  if (games.length === 0) {
    return (
      <>
        <StatusText>No games found</StatusText>
        {failed && <LoadFailedLine onRetry={onRetry} retrying={retrying} />}
      </>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {games.map((game) => (
        <GameCard key={game._id} game={game} now={now} onBet={onBet} onViewResult={onViewResult} />
      ))}
    </SimpleGrid>
  );
});

/** `/Sports`: the jackpot banner, the tabs All Games, Live, Today, Completed, and the game cards. */
export function SportsPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: SportsTab = isSportsTab(requested) ? requested : 'all';
  const schedule = useEndpointQuery(sportsEndpoints.schedule, { refetchInterval: SCHEDULE_REFRESH_MS });
  // The badges and the Live and Today tabs change at a tip-off or at midnight: the page is drawn
  // again then, not on every second's tick.
  const now = useTimeAt(useCallback((at: number) => nextTabChange(schedule.data ?? [], at), [schedule.data]));
  const finished = useEndpointQuery(sportsEndpoints.finishedGames, { enabled: tab === 'completed' });
  const [betting, setBetting] = useState<ScheduledGame | null>(null);
  const [result, setResult] = useState<ScheduledGame | null>(null);

  const shown = tab === 'completed' ? finished : schedule;
  const { isPending: loading, isError: failed, isFetching: retrying } = shown;
  // What the cards show, as one deferred value: the list, its loading and failed states and the clock
  // change together, in a render of their own after the page's (docs/decisions/234) — a poll's
  // fetching flag included, so the 30 s refresh never draws the cards in an urgent render.
  const shownGrid = useMemo(
    () => ({ games: gamesForTab(tab, schedule.data ?? [], finished.data ?? [], now), loading, failed, retrying, now }),
    [tab, schedule.data, finished.data, now, loading, failed, retrying],
  );
  // Entering the page with its games already in (a later visit): the first screen's cards first, the
  // rest in a render React slices after it — the page answers the tap without drawing every card.
  const grid = useDeferredValue(shownGrid, { ...shownGrid, games: shownGrid.games.slice(0, FIRST_SCREEN_GAMES) });
  const { refetch } = shown;
  const retry = useCallback(() => void refetch(), [refetch]);

  return (
    <Stack gap="lg">
      <PageTitle>Sports</PageTitle>
      <JackpotBanner />
      <Tabs
        value={tab}
        onChange={(value) => {
          // The tab is in the address, so Back and a shared link keep it.
          if (isSportsTab(value)) setSearch(value === 'all' ? {} : { tab: value }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List grow aria-label="Games">
          {SPORTS_TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SPORTS_TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <GameGrid {...grid} onRetry={retry} onBet={setBetting} onViewResult={setResult} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <SelectBettingGameDialog game={betting} now={now} onClose={() => setBetting(null)} />
      <GameResultDialog game={result} onClose={() => setResult(null)} />
    </Stack>
  );
}

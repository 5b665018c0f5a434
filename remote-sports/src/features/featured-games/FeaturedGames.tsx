import { Anchor, Card, Group, Link, SimpleGrid, Stack, Text, Title, VisuallyHidden, useEndpointQuery } from '@suwerte/shared';
import { StatusText } from '@suwerte/ui';
import { featuredGames, sportsEndpoints, type ScheduledGame } from '@suwerte/contracts/sports';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { QuarterBadge, TeamLogo } from '../../components/Teams';
import { formatShortTipOff, nextTipOff } from '../../lib/sports-time';
import { useTimeAt } from '../../lib/use-time-at';

/** Badges follow the games while the home page stays open. */
const FEATURED_REFRESH_MS = 60_000;

/** What a failed load shows: an empty list (document 2, section 7); one array, so the card is not redrawn for a new one. */
const NO_GAMES: readonly ScheduledGame[] = [];

/**
 * A game's layout, by the width of its card (a container query, so it follows the card, not the
 * screen: one column on a phone, two on a tablet, three on a desktop). Wide enough, one line: the
 * teams left, the league and quarter badge over the tip-off right. Narrower (phones up to ~450 px,
 * a tablet's two columns), the teams take the first line and the league, badge and tip-off the
 * second, so no pair of acronyms ever runs into the time; an acronym too long for either line is
 * cut with an ellipsis, never drawn over its neighbour. One style element for the widget, which
 * React puts in the head once: a CSS file would be one more request on the home page (see
 * `components/Teams.tsx`).
 */
const GAME = 'suwerte-featured-game';
const LINE = `${GAME}__line`;
const TEAMS = `${GAME}__teams`;
const TOP = `${GAME}__top`;
const TIME = `${GAME}__time`;
const GAME_CSS = `
.${GAME}{container-type:inline-size}
.${LINE}{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"teams top" "teams time";align-items:center;column-gap:var(--mantine-spacing-xs);row-gap:2px}
.${TEAMS}{grid-area:teams;display:flex;align-items:center;gap:6px;min-width:0}
.${TOP}{grid-area:top;justify-self:end;display:flex;align-items:center;gap:6px;min-width:0}
.${TIME}{grid-area:time;justify-self:end;white-space:nowrap}
@container (max-width: 349px){
.${LINE}{grid-template-columns:auto minmax(0,1fr);grid-template-areas:"teams teams" "top time";row-gap:4px}
.${TOP}{justify-self:start}
}`;

/** One game: logos and acronyms, league, quarter badge and tip-off. */
function FeaturedGame({ game, now }: { game: ScheduledGame; now: number }) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" bg="var(--suwerte-surface-sunken)" data-testid="featured-game" className={GAME}>
      <div className={LINE}>
        <div className={TEAMS} aria-hidden>
          <TeamLogo team={game.Team1} size={30} />
          <Text fw={800} truncate style={{ minWidth: 0 }}>
            {game.Team1.Acronym}
          </Text>
          <Text size="xs" fw={900} c="dimmed">
            VS
          </Text>
          <Text fw={800} truncate style={{ minWidth: 0 }}>
            {game.Team2.Acronym}
          </Text>
          <TeamLogo team={game.Team2} size={30} />
        </div>
        <VisuallyHidden>
          {game.Team1.TeamName} vs {game.Team2.TeamName}
        </VisuallyHidden>
        <div className={TOP}>
          <Text size="xs" c="gold" fw={800} truncate>
            {game.Team1.League}
          </Text>
          <QuarterBadge game={game} now={now} />
        </div>
        <Text size="xs" c="dimmed" className={TIME}>
          {formatShortTipOff(game.Schedule)}
        </Text>
      </div>
    </Card>
  );
}

/**
 * Home widget "Featured Basketball Games" (exposed as `sports/FeaturedGames`): the first 6 games
 * by creation date from the public schedule, and View All → /Sports.
 */
export default function FeaturedGames() {
  const schedule = useEndpointQuery(sportsEndpoints.schedule, { refetchInterval: FEATURED_REFRESH_MS });
  // A badge appears at its game's tip-off: the card is drawn again then (docs/decisions/136).
  const now = useTimeAt(useCallback((at: number) => nextTipOff(schedule.data ?? NO_GAMES, at), [schedule.data]));
  // TanStack Query hands over data through useSyncExternalStore, which React renders in one
  // uninterruptible task; the card is drawn from a deferred copy instead, in a render React can
  // interrupt, so the page stays responsive while it arrives (docs/decisions/125).
  const shown = useDeferredValue(schedule.isPending ? null : (schedule.data ?? NO_GAMES));
  return <FeaturedGamesCard schedule={shown} now={now} />;
}

/** The card; `schedule` is null while the schedule is loading. */
const FeaturedGamesCard = memo(function FeaturedGamesCard({ schedule, now }: { schedule: readonly ScheduledGame[] | null; now: number }) {
  const games = useMemo(() => featuredGames(schedule ?? NO_GAMES), [schedule]);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="featured-games-title">
      <style href={GAME} precedence="default">
        {GAME_CSS}
      </style>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={2} size="h3" id="featured-games-title">
            Featured Basketball Games
          </Title>
          <Anchor component={Link} to="/Sports" fw={700} style={{ whiteSpace: 'nowrap' }} aria-label="View All basketball games" className="suwerte-tap-link">
            View All
          </Anchor>
        </Group>
        {schedule === null ? (
          <StatusText loading>Loading</StatusText>
        ) : games.length === 0 ? (
          <StatusText>No Matches Found</StatusText>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Featured matches">
            {games.map((game) => (
              <FeaturedGame key={game._id} game={game} now={now} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
});

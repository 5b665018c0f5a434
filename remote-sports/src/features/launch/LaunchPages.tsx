import { Button, Center, Stack, Text, useEndpointQuery, useParams } from '@suwerte/shared';
import { GameLaunch, UnknownGame } from '@suwerte/ui/launch';
import { StatusText } from '@suwerte/ui';
import { ENDING_LAUNCH, SPORTS_LAUNCH_GAMES, isGameCompleted, sportsEndpoints, type ScheduledGame } from '@suwerte/contracts/sports';
import { type ExternalGame } from '@suwerte/contracts/core';

/** Where a player goes from a launch that cannot start: the page basketball games are chosen on. */
const BACK_TO_SPORTS = { to: '/Sports', label: 'Back to Sports' };

/** The sub-games a launch route can name, and how each finds its id in a game. */
const SUB_GAMES = {
  ending: { name: 'Ending', idOf: (game: ScheduledGame) => game.Ending._id },
  quarterPrize: { name: 'Quarter Prize', idOf: (game: ScheduledGame) => game.Endingwq?._id },
  quarterReverse: { name: 'Quarter & Reverse Prize', idOf: (game: ScheduledGame) => game.Endingwqr?._id },
  teamWinner: { name: 'Team Winner', idOf: (game: ScheduledGame) => game.Teambetting?._id },
  ftts: { name: 'First Team To Score', idOf: (game: ScheduledGame) => game.FTTS?._id },
  oddEven: { name: 'Odd/Even', idOf: (game: ScheduledGame) => game.OddEven?._id },
} as const;
type SubGame = keyof typeof SUB_GAMES;

interface LaunchTarget {
  /** The sub-games this route may name (the Quarter route serves both quarter prizes). */
  kinds: readonly SubGame[];
  game: ExternalGame;
  /** Query parameters besides the token and the id. */
  extra?: Record<string, number>;
  /** The title for a sub-game found, e.g. 'Overtime'. */
  title?: string;
}

/**
 * Looks the sub-game id up on the public schedule before leaving the site: an id of no game, or
 * of a game already completed, is explained instead of launched (as lotto's EZ 2 launch does).
 */
function SportsLaunch({ id, target }: { id: string; target: LaunchTarget }) {
  const schedule = useEndpointQuery(sportsEndpoints.schedule);
  if (schedule.isPending) return <StatusText loading>Checking the game…</StatusText>;
  if (schedule.isError) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Text>{schedule.error.message}</Text>
          <Button variant="outline" onClick={() => void schedule.refetch()} loading={schedule.isFetching}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  for (const game of schedule.data) {
    const kind = target.kinds.find((candidate) => SUB_GAMES[candidate].idOf(game) === id);
    if (!kind) continue;
    const match = `${game.Team1.Acronym} vs ${game.Team2.Acronym}`;
    if (isGameCompleted(game)) {
      return (
        <UnknownGame title="Game completed" back={BACK_TO_SPORTS}>
          {match} has ended. Choose another game on the Sports page.
        </UnknownGame>
      );
    }
    return <GameLaunch game={target.game} title={`${target.title ?? SUB_GAMES[kind].name} · ${match}`} params={{ id, ...target.extra }} />;
  }
  return (
    <UnknownGame back={BACK_TO_SPORTS}>
      There is no basketball game “{id}” on the schedule. Choose a game on the Sports page.
    </UnknownGame>
  );
}

/** `/EndingRoute/:endingId/101` (Regular, x70) and `/EndingRoute/:endingId/105` (Overtime). */
export function EndingLaunchPage() {
  const { endingId = '', code } = useParams();
  if (code === String(ENDING_LAUNCH.regular)) {
    return <SportsLaunch id={endingId} target={{ kinds: ['ending'], game: SPORTS_LAUNCH_GAMES.ending, extra: { type: ENDING_LAUNCH.regular }, title: 'Regular (x70)' }} />;
  }
  if (code === String(ENDING_LAUNCH.overtime)) {
    return <SportsLaunch id={endingId} target={{ kinds: ['ending'], game: SPORTS_LAUNCH_GAMES.ending, extra: { type: ENDING_LAUNCH.overtime }, title: 'Overtime' }} />;
  }
  return (
    <UnknownGame back={BACK_TO_SPORTS}>
      Ending has no game “{code ?? ''}”: 101 is the Regular Ending, 105 the Overtime.
    </UnknownGame>
  );
}

/** `/EndingwqRoute/:id`: Quarter Prize or Quarter & Reverse Prize, by the sub-game's id. */
export function EndingwqLaunchPage() {
  const { id = '' } = useParams();
  return <SportsLaunch id={id} target={{ kinds: ['quarterPrize', 'quarterReverse'], game: SPORTS_LAUNCH_GAMES.endingwq }} />;
}

/** `/TeamBetting/:id`: Team Winner. */
export function TeamBettingLaunchPage() {
  const { id = '' } = useParams();
  return <SportsLaunch id={id} target={{ kinds: ['teamWinner'], game: SPORTS_LAUNCH_GAMES.teambetting }} />;
}

/** `/FTTS/:id`: First Team To Score. */
export function FttsLaunchPage() {
  const { id = '' } = useParams();
  return <SportsLaunch id={id} target={{ kinds: ['ftts'], game: SPORTS_LAUNCH_GAMES.ftts }} />;
}

/** `/OddEven/:id`: Odd/Even. */
export function OddEvenLaunchPage() {
  const { id = '' } = useParams();
  return <SportsLaunch id={id} target={{ kinds: ['oddEven'], game: SPORTS_LAUNCH_GAMES.oddeven }} />;
}

import { Button, Center, Stack, Text, useEndpointQuery, useNow, useParams } from '@suwerte/shared';
import { GameLaunch, UnknownGame } from '@suwerte/ui/launch';
import { StatusText } from '@suwerte/ui';
import { GAME_TYPE, LOTTO_GAME_TYPES } from '@suwerte/contracts/core';
import { isLottoGameType, LOTTO_GAME_LABELS, lottoEndpoints } from '@suwerte/contracts/lotto';

const LOTTO_GAMES_TEXT = LOTTO_GAME_TYPES.map((type) => LOTTO_GAME_LABELS[type]).join(', ');

/** Where a player goes from a launch that cannot start: the page lotto games are chosen on. */
const BACK_TO_LOTTO = { to: '/Lotto', label: 'Back to Lotto' };

/** A game type from the URL: digits only ('42'), anything else is unknown. */
function gameTypeOf(id: string | undefined): number | null {
  return id !== undefined && /^\d{1,6}$/.test(id) ? Number(id) : null;
}

function PickLaunch({ pick }: { pick: 'Pick 3' | 'Pick 12' }) {
  const { id } = useParams();
  const type = gameTypeOf(id);
  if (type === null || !isLottoGameType(type)) {
    return (
      <UnknownGame back={BACK_TO_LOTTO}>
        {pick} has no game type “{id ?? ''}”. {pick} is played on the {LOTTO_GAMES_TEXT} draws.
      </UnknownGame>
    );
  }
  return <GameLaunch game={pick === 'Pick 3' ? 'pick3' : 'pick12'} title={`${pick} (${LOTTO_GAME_LABELS[type]})`} params={{ type }} />;
}

/** `/Pick3Route/:id` — id is the lotto game type (42, 45, 49, 55, 58). */
export function Pick3LaunchPage() {
  return <PickLaunch pick="Pick 3" />;
}

/** `/Pick12Route/:id` — id is the lotto game type (42, 45, 49, 55, 58). */
export function Pick12LaunchPage() {
  return <PickLaunch pick="Pick 12" />;
}

/** `/MegaMillionRoute` — Mega Millions, game type 200. */
export function MegaMillionLaunchPage() {
  return <GameLaunch game="megamillion" title="Mega Millions" params={{ type: GAME_TYPE.MEGA_MILLIONS }} />;
}

/**
 * `/EZ2Route/:id` — id is the schedule id of an EZ 2 draw. The draw is looked up first: an id
 * that is not an EZ 2 draw on the schedule, or a draw already completed, is explained, not launched.
 */
export function EZ2LaunchPage() {
  const { id = '' } = useParams();
  const now = useNow();
  const schedules = useEndpointQuery(lottoEndpoints.activeSchedules);
  if (schedules.isPending) return <StatusText loading>Checking the EZ 2 draw…</StatusText>;
  if (schedules.isError) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Text>{schedules.error.message}</Text>
          <Button variant="outline" onClick={() => void schedules.refetch()} loading={schedules.isFetching}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  const draw = schedules.data.find((schedule) => schedule._id === id && schedule.GameType === GAME_TYPE.EZ2);
  if (!draw) {
    return <UnknownGame title="EZ 2 draw not found" back={BACK_TO_LOTTO}>There is no EZ 2 draw “{id}” on the schedule. Choose a draw on the Lotto page.</UnknownGame>;
  }
  if (Date.parse(draw.Schedule) <= now) {
    return <UnknownGame title="Draw completed" back={BACK_TO_LOTTO}>This EZ 2 draw has already taken place. Choose a coming draw on the Lotto page.</UnknownGame>;
  }
  return <GameLaunch game="ez2" title="EZ 2" params={{ type: GAME_TYPE.EZ2, id: draw._id }} />;
}

/**
 * `/WetengRoute/:id` — the weteng game with that id. The spec lists no weteng codes, so any
 * numeric id is passed on as its type and the game site decides; anything else is unknown.
 */
export function WetengLaunchPage() {
  const { id } = useParams();
  const type = gameTypeOf(id);
  if (type === null) return <UnknownGame back={BACK_TO_LOTTO}>Weteng has no game “{id ?? ''}”.</UnknownGame>;
  return <GameLaunch game="weteng" title="Weteng" params={{ type }} />;
}

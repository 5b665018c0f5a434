import { Avatar, Badge, Group, Stack, Text, VisuallyHidden, gameBadge, type ScheduledGame, type Team } from '@suwerte/shared';
import { formatTipOff } from '../lib/sports-time';

/** A team's logo, with its acronym when the image cannot be shown. */
export function TeamLogo({ team, size = 44 }: { team: Team; size?: number }) {
  return (
    <Avatar src={team.ImageLink || null} alt={`${team.TeamName} logo`} size={size} radius="xl" color="gold" variant="light">
      {team.Acronym.slice(0, 3)}
    </Avatar>
  );
}

/** One team of a match: logo, name and acronym, centred in its half. */
export function TeamSide({ team }: { team: Team }) {
  return (
    <Stack gap={4} align="center" ta="center" style={{ flex: '1 1 0', minWidth: 0 }}>
      <TeamLogo team={team} />
      <Text fw={800} size="sm" lh={1.2} lineClamp={2}>
        {team.TeamName}
      </Text>
      <Text size="xs" c="dimmed" fw={700}>
        {team.Acronym}
      </Text>
    </Stack>
  );
}

/** Both teams face to face: logo, name and acronym of each. */
export function TeamsFaceOff({ game }: { game: Pick<ScheduledGame, 'Team1' | 'Team2'> }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="xs">
      <TeamSide team={game.Team1} />
      <Text fw={900} c="dimmed" mt={12}>
        VS
      </Text>
      <TeamSide team={game.Team2} />
    </Group>
  );
}

/** The quarter badge (Q1–Q4, OT1, OT2), only once the scheduled time has passed. */
export function QuarterBadge({ game, now }: { game: Pick<ScheduledGame, 'Schedule' | 'Status'>; now: number }) {
  const badge = gameBadge(game, now);
  if (!badge) return null;
  return (
    <Badge color="red.9" variant="filled" size="md" data-testid="quarter-badge">
      <VisuallyHidden>In play: </VisuallyHidden>
      {badge}
    </Badge>
  );
}

/** The league over the tip-off, e.g. 'PBA' / 'Sat, Jun 13, 2026 · 9:00 PM'. */
export function LeagueAndTipOff({ game, centered = false }: { game: Pick<ScheduledGame, 'Schedule' | 'Team1'>; centered?: boolean }) {
  return (
    <Stack gap={centered ? 2 : 0} ta={centered ? 'center' : undefined} style={{ minWidth: 0 }}>
      <Text size="xs" fw={800} tt="uppercase" c="gold" truncate>
        {game.Team1.League}
      </Text>
      <Text size="xs" c="dimmed">
        {formatTipOff(game.Schedule)}
      </Text>
    </Stack>
  );
}

/** League and tip-off of a game, with its quarter badge. */
export function MatchMeta({ game, now }: { game: Pick<ScheduledGame, 'Schedule' | 'Status' | 'Team1'>; now: number }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <LeagueAndTipOff game={game} />
      <QuarterBadge game={game} now={now} />
    </Group>
  );
}

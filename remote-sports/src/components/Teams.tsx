import { Badge, VisuallyHidden, rem } from '@suwerte/shared';
import { plainGroup, plainStack, plainText } from '@suwerte/ui';
import { gameBadge, type ScheduledGame } from '@suwerte/contracts/sports';
import { type Team } from '@suwerte/contracts/core';
import { useState, type CSSProperties } from 'react';
import { formatTipOff } from '../lib/sports-time';

// A match's teams and meta are drawn with plain elements: the Sports page repeats them on every
// game card (and the home page's Featured Games on every row), and Mantine's Group/Stack/Text/
// Avatar per team were most of the page's render on a route change (docs/decisions/126). The
// styles are those components' own, with the props these used, inline from `@suwerte/shared`'s
// plain styles (docs/decisions/132): a CSS module would add a CSS file to the home widget. Badge
// and VisuallyHidden stay Mantine's: the badge shows only on games in play.

const DIMMED = 'var(--mantine-color-dimmed)';

const TEAM_SIDE: CSSProperties = { ...plainStack(rem(4), 'center'), flex: '1 1 0', minWidth: 0, textAlign: 'center' };
/** Text fw=800 size="sm" lh=1.2 lineClamp=2. */
const TEAM_NAME: CSSProperties = {
  ...plainText('sm'),
  fontWeight: 800,
  lineHeight: 1.2,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
};
/** Text size="xs" c="dimmed" fw=700. */
const ACRONYM: CSSProperties = { ...plainText('xs'), color: DIMMED, fontWeight: 700 };
const FACE_OFF: CSSProperties = plainGroup('flex-start', 'flex-start');
/** Text fw=900 c="dimmed" mt=12. */
const VERSUS: CSSProperties = { ...plainText('md'), marginTop: rem(12), color: DIMMED, fontWeight: 900 };
const META: CSSProperties = plainGroup('center', 'space-between');
/** Text size="xs" fw=800 tt="uppercase" c="gold" truncate. */
const LEAGUE: CSSProperties = {
  ...plainText('xs'),
  color: 'var(--mantine-color-gold-text)',
  fontWeight: 800,
  textTransform: 'uppercase',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};
/** Text size="xs" c="dimmed". */
const TIP_OFF: CSSProperties = { ...plainText('xs'), color: DIMMED };
const TIP_OFF_STACK: CSSProperties = { ...plainStack('0rem', 'stretch'), minWidth: 0 };
const TIP_OFF_STACK_CENTERED: CSSProperties = { ...plainStack(rem(2), 'stretch'), minWidth: 0, textAlign: 'center' };

/** Avatar (`m_f85678b6`) radius="xl" at `size` px: its root, image and placeholder (color="gold" variant="light"). */
function logoStyles(size: number): { root: CSSProperties; image: CSSProperties; placeholder: CSSProperties } {
  const radius = 'var(--mantine-radius-xl)';
  return {
    root: {
      WebkitTapHighlightColor: 'transparent',
      position: 'relative',
      display: 'block',
      userSelect: 'none',
      overflow: 'hidden',
      borderRadius: radius,
      textDecoration: 'none',
      padding: 0,
      width: rem(size),
      height: rem(size),
      minWidth: rem(size),
    },
    image: { objectFit: 'cover', width: '100%', height: '100%', display: 'block' },
    placeholder: {
      fontWeight: 'var(--mantine-font-weight-bold)' as CSSProperties['fontWeight'],
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '100%',
      height: '100%',
      userSelect: 'none',
      borderRadius: radius,
      fontSize: `calc(${rem(size)} / 2.5)`,
      background: 'var(--mantine-color-gold-light)',
      border: `${rem(1)} solid transparent`,
      color: 'var(--mantine-color-gold-light-color)',
    },
  };
}
/** A team's logo, with its acronym when the image cannot be shown. */
export function TeamLogo({ team, size = 44 }: { team: Team; size?: number }) {
  const src = team.ImageLink || null;
  // The image that failed to load (a new `src` gets its chance).
  const [failed, setFailed] = useState<string | null>(null);
  const alt = `${team.TeamName} logo`;
  const styles = logoStyles(size);
  return (
    <div style={styles.root}>
      {src && failed !== src ? (
        <img style={styles.image} src={src} alt={alt} onError={() => setFailed(src)} />
      ) : (
        <span style={styles.placeholder} title={alt}>
          {team.Acronym.slice(0, 3)}
        </span>
      )}
    </div>
  );
}

/** One team of a match: logo, name and acronym, centred in its half. */
export function TeamSide({ team }: { team: Team }) {
  return (
    <div style={TEAM_SIDE}>
      <TeamLogo team={team} />
      <p style={TEAM_NAME}>{team.TeamName}</p>
      <p style={ACRONYM}>{team.Acronym}</p>
    </div>
  );
}

/** Both teams face to face: logo, name and acronym of each. */
export function TeamsFaceOff({ game }: { game: Pick<ScheduledGame, 'Team1' | 'Team2'> }) {
  return (
    <div style={FACE_OFF}>
      <TeamSide team={game.Team1} />
      <p style={VERSUS}>VS</p>
      <TeamSide team={game.Team2} />
    </div>
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
    <div style={centered ? TIP_OFF_STACK_CENTERED : TIP_OFF_STACK}>
      <p style={LEAGUE}>{game.Team1.League}</p>
      <p style={TIP_OFF}>{formatTipOff(game.Schedule)}</p>
    </div>
  );
}

/** League and tip-off of a game, with its quarter badge. */
export function MatchMeta({ game, now }: { game: Pick<ScheduledGame, 'Schedule' | 'Status' | 'Team1'>; now: number }) {
  return (
    <div style={META}>
      <LeagueAndTipOff game={game} />
      <QuarterBadge game={game} now={now} />
    </div>
  );
}

import type { ExternalGame } from '@suwerte/contracts/core';
import { Anchor, Button, Center, Link, Loader, Paper, Stack, Text, Title, selectToken, useDocumentTitle, useSession } from '@suwerte/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { launchUrlFor } from './game-launch';
import { leaveSiteFor } from './leave-site';

export interface GameLaunchProps {
  /** The external game site's game. */
  game: ExternalGame;
  /** The game's name for the player, e.g. 'Pick 3 (6/42)'. */
  title: string;
  /** Query parameters besides the access token, e.g. `{ type: 42 }`. */
  params: Record<string, string | number>;
}

/** Shown when the API gives no launch token (a network failure): the player tries again. */
export const LAUNCH_FAILED_TEXT = 'The game could not be opened. Please try again.';

/**
 * The one launch mechanism of every remote's launch routes (lotto, sports): redirects the
 * browser to the external game site with an access token for this one launch (never the
 * session's own, docs/decisions/141) and the game's parameters, percent-encoded (host from the
 * runtime config, site type production). The route is protected by the host, so a session is
 * there; a link stays as a fallback.
 */
export function GameLaunch({ game, title, params }: GameLaunchProps) {
  // Signed in or not, not the token itself: a renewal (a new token of the same session) launches nothing again.
  const signedIn = useSession((state) => selectToken(state) !== null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(`${title} · Suwerte`);
  // Parameters by value: a new object with the same content must not launch again.
  const query = JSON.stringify(params);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    launchUrlFor(game, JSON.parse(query) as Record<string, string | number>).then(
      (target) => {
        if (!active || !target) return;
        setUrl(target);
        leaveSiteFor(target);
      },
      () => {
        // An ended session was signed out by the API client (the guard takes over); anything else may pass.
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [game, query, signedIn, attempt]);

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" ta="center" role="status" aria-live="polite">
        {!failed && <Loader aria-hidden />}
        <Title order={1} size="h3">
          Opening {title}…
        </Title>
        <Text c="dimmed">{failed ? LAUNCH_FAILED_TEXT : 'Taking you to the game.'}</Text>
        {failed && (
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </Button>
        )}
        {url && (
          <Anchor href={url} data-testid="game-launch-link">
            Continue to {title}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}

export interface UnknownGameProps {
  /** The heading. @default 'Game not found' */
  title?: string;
  /** Why nothing is launched. */
  children: ReactNode;
  /** Where the player goes next: the page the game is chosen on. */
  back: { to: string; label: string };
}

/** What a launch route shows instead of redirecting when its game id is not one the site knows. */
export function UnknownGame({ title = 'Game not found', children, back }: UnknownGameProps) {
  useDocumentTitle(`${title} · Suwerte`);
  return (
    <Paper withBorder p="xl" radius="lg" maw={560} mx="auto" my="xl" data-testid="unknown-game">
      <Stack gap="sm" align="center" ta="center">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{children}</Text>
        <Button component={Link} to={back.to} mt="sm">
          {back.label}
        </Button>
      </Stack>
    </Paper>
  );
}

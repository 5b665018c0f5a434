import type { ExternalGame } from '@suwerte/contracts/core';
import { Anchor, Button, Center, Link, Loader, Paper, Stack, Text, Title, selectToken, useDocumentTitle, useSession, whenRuntimeConfig } from '@suwerte/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { gameLaunchUrl } from './game-launch';
import { leaveSiteFor } from './leave-site';

export interface GameLaunchProps {
  /** The external game site's game. */
  game: ExternalGame;
  /** The game's name for the player, e.g. 'Pick 3 (6/42)'. */
  title: string;
  /** Query parameters besides the access token, e.g. `{ type: 42 }`. */
  params: Record<string, string | number>;
}

/**
 * The one launch mechanism of every remote's launch routes (lotto, sports): redirects the
 * browser to the external game site with the player's access token and the game's parameters,
 * percent-encoded (host from the runtime config, site type production). The route is protected
 * by the host, so a token is there; a link stays as a fallback.
 */
export function GameLaunch({ game, title, params }: GameLaunchProps) {
  const token = useSession(selectToken);
  const [url, setUrl] = useState<string | null>(null);
  useDocumentTitle(`${title} · Suwerte`);
  // Parameters by value: a new object with the same content must not launch again.
  const query = JSON.stringify(params);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void whenRuntimeConfig().then(() => {
      const target = gameLaunchUrl(game, { accesstoken: token, ...(JSON.parse(query) as Record<string, string | number>) });
      if (!active || !target) return;
      setUrl(target);
      leaveSiteFor(target);
    });
    return () => {
      active = false;
    };
  }, [game, query, token]);

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" ta="center" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3">
          Opening {title}…
        </Title>
        <Text c="dimmed">Taking you to the game.</Text>
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

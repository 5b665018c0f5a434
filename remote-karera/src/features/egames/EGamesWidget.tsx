import { Stack, Title } from '@suwerte/shared';
import { EGameCards } from './EGameCards';

/** Home widget "{product} E-GAMES" (exposed as `karera/EGames`). */
export default function EGamesWidget() {
  return (
    <Stack component="section" aria-labelledby="egames-title" gap="md">
      <Title order={2} size="h3" id="egames-title">
        SUWERTE E-GAMES
      </Title>
      <EGameCards headingOrder={3} />
    </Stack>
  );
}

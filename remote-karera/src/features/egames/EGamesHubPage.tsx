import { PageTitle } from '@suwerte/ui';
import { Stack } from '@suwerte/shared';
import { EGameCards } from './EGameCards';

/** `/Egames`: the e-games hub. */
export function EGamesHubPage() {
  return (
    <Stack>
      <PageTitle>E-Games</PageTitle>
      <EGameCards />
    </Stack>
  );
}

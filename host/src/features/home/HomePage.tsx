import { SimpleGrid, Stack, Title, useDocumentTitle } from '@suwerte/shared';
import { RemoteWidget } from '../federation/RemoteWidget';
import { PosterCarousel } from './PosterCarousel';

/**
 * Document 2's home page. The carousel is the host's; every other section is a remote's widget,
 * loaded after the shell has painted and isolated by its own boundary.
 */
export function HomePage() {
  useDocumentTitle('Suwerte — Lotto, Basketball Ending, Video Karera and E-Games');
  return (
    <Stack gap="xl">
      <Title order={1} className="visually-hidden">
        Suwerte
      </Title>
      <PosterCarousel />
      <RemoteWidget remote="sports" exposed="FeaturedGames" minHeight={220} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <RemoteWidget remote="karera" exposed="EGames" />
        <RemoteWidget remote="lotto" exposed="LottoToday" />
      </SimpleGrid>
      <RemoteWidget remote="sports" exposed="WinnersCircle" minHeight={220} />
    </Stack>
  );
}

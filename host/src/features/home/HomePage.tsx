import { Stack, useDocumentTitle } from '@suwerte/shared';
import { RemoteWidget, type RemoteWidgetProps } from '../federation/RemoteWidget';
import classes from './HomePage.module.css';
import { PosterCarousel } from './PosterCarousel';

/**
 * The heights the widgets have with the demo data (measured at 412, 800, 1100 and 1440 px wide),
 * kept for them while they load so the page does not move when they arrive (CLS,
 * docs/decisions/091). A widget that is shorter fills its place; a taller one moves only what
 * is below by the difference.
 */
const WIDGET_HEIGHTS = {
  featuredGames: { base: 560, sm: 300, lg: 225 },
  eGames: { base: 695, sm: 360, md: 465 },
  lottoToday: 465,
  winnersCircle: { base: 1060, md: 620 },
} satisfies Record<string, RemoteWidgetProps['minHeight']>;

/**
 * Document 2's home page. The carousel is the host's; every other section is a remote's widget,
 * loaded after the shell has painted and isolated by its own boundary.
 */
export function HomePage() {
  useDocumentTitle('Suwerte — Lotto, Basketball Ending, Video Karera and E-Games');
  return (
    <Stack gap="xl">
      {/* Never seen: a plain h1 keeps Mantine's Title out of the first paint. */}
      <h1 className="visually-hidden">Suwerte</h1>
      <PosterCarousel />
      <RemoteWidget remote="sports" exposed="FeaturedGames" minHeight={WIDGET_HEIGHTS.featuredGames} />
      <div className={classes.pair}>
        <RemoteWidget remote="karera" exposed="EGames" minHeight={WIDGET_HEIGHTS.eGames} />
        <RemoteWidget remote="lotto" exposed="LottoToday" minHeight={WIDGET_HEIGHTS.lottoToday} />
      </div>
      <RemoteWidget remote="sports" exposed="WinnersCircle" minHeight={WIDGET_HEIGHTS.winnersCircle} />
    </Stack>
  );
}

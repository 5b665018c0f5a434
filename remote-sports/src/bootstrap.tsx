import '@suwerte/shared/styles.css';
import { renderStandalone } from '@suwerte/shared/standalone';
import { routes } from './app/routes';
import FeaturedGames from './features/featured-games/FeaturedGames';
import WinnersCircle from './features/winners-circle/WinnersCircle';

renderStandalone({
  name: 'sports',
  routes,
  links: [{ label: 'Sports', to: '/Sports' }],
  widgets: { FeaturedGames, WinnersCircle },
});

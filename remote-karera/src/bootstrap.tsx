import '@suwerte/shared/styles.css';
import { renderStandalone } from '@suwerte/shared/standalone';
import { routes } from './app/routes';
import EGamesWidget from './features/egames/EGamesWidget';

renderStandalone({
  name: 'karera',
  routes,
  links: [
    { label: 'E-Games', to: '/Egames' },
    { label: 'Video Karera', to: '/VideoKarera' },
  ],
  widgets: { EGamesWidget },
});

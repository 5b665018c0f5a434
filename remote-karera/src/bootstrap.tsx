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
    { label: 'Uno/Dos', to: '/UnoDos' },
    { label: 'Lucky Keno', to: '/SlotMachine' },
  ],
  widgets: { EGamesWidget },
});

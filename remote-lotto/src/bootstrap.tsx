import '@suwerte/shared/styles.css';
import { renderStandalone } from '@suwerte/shared/standalone';
import { routes } from './app/routes';
import LottoToday from './features/lotto-today/LottoToday';

renderStandalone({ name: 'lotto', routes, links: [{ label: 'Lotto', to: '/Lotto' }], widgets: { LottoToday } });

import '@suwerte/shared/styles.css';
import { renderStandalone } from '@suwerte/shared/standalone';
import { routes } from './app/routes';
import { MEMBER_LINKS } from './components/member-links';

renderStandalone({ name: 'members', routes, links: MEMBER_LINKS.map(({ label, to }) => ({ label, to })) });

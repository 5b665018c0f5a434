// The icons the shell draws in its first paint. A module the shell uses is in its first-load bundle
// with every export the package hands to remotes, so the other icons live in more-icons.tsx and
// load with the lazy chunks (docs/decisions/091).
import { createIcon } from './create-icon';

export type { IconProps } from './create-icon';

export const HomeIcon = createIcon('HomeIcon', (
  <>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v9.5h13V10" />
    <path d="M10 19.5v-5h4v5" />
  </>
));

export const BallIcon = createIcon('BallIcon', (
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5v17" />
    <path d="M6 6c2.5 2.2 2.5 9.8 0 12M18 6c-2.5 2.2-2.5 9.8 0 12" />
  </>
));

export const TicketIcon = createIcon('TicketIcon', (
  <>
    <path d="M4 7.5h16v3a1.5 1.5 0 0 0 0 3v3H4v-3a1.5 1.5 0 0 0 0-3z" />
    <path d="M14.5 7.5v9" strokeDasharray="1.5 2" />
  </>
));

export const GamepadIcon = createIcon('GamepadIcon', (
  <>
    <rect x="2.5" y="7" width="19" height="10.5" rx="4" />
    <path d="M7.5 10.5v4M5.5 12.5h4" />
    <circle cx="15.5" cy="11.5" r=".8" />
    <circle cx="17.5" cy="13.8" r=".8" />
  </>
));

export const SunIcon = createIcon('SunIcon', (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M2.5 12h2M19.5 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4" />
  </>
));

export const MoonIcon = createIcon('MoonIcon', <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" />);

export const UserIcon = createIcon('UserIcon', (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6" />
  </>
));

export const ChevronRightIcon = createIcon('ChevronRightIcon', <path d="m9 5.5 6.5 6.5L9 18.5" />);

export const ChevronLeftIcon = createIcon('ChevronLeftIcon', <path d="M15 5.5 8.5 12l6.5 6.5" />);

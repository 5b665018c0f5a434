import { BallIcon, GamepadIcon, HomeIcon, TicketIcon } from '@suwerte/ui';

/** The four main destinations: desktop header at `lg` and above, bottom bar below. */
export const MAIN_NAV = [
  { label: 'Home', to: '/', icon: HomeIcon, end: true },
  { label: 'Sports', to: '/Sports', icon: BallIcon, end: false },
  { label: 'Lotto', to: '/Lotto', icon: TicketIcon, end: false },
  { label: 'E-Games', to: '/Egames', icon: GamepadIcon, end: false },
] as const;

// The site's icons: stroke drawings on a 24-unit grid (create-icon.tsx). Each app bundles the ones
// it draws (a build-time library is tree-shaken per export).
import { createIcon } from './create-icon';

export type { IconProps } from './create-icon';

export const HomeIcon = /* @__PURE__ */ createIcon('HomeIcon', (
  <>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v9.5h13V10" />
    <path d="M10 19.5v-5h4v5" />
  </>
));

export const BallIcon = /* @__PURE__ */ createIcon('BallIcon', (
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5v17" />
    <path d="M6 6c2.5 2.2 2.5 9.8 0 12M18 6c-2.5 2.2-2.5 9.8 0 12" />
  </>
));

export const TicketIcon = /* @__PURE__ */ createIcon('TicketIcon', (
  <>
    <path d="M4 7.5h16v3a1.5 1.5 0 0 0 0 3v3H4v-3a1.5 1.5 0 0 0 0-3z" />
    <path d="M14.5 7.5v9" strokeDasharray="1.5 2" />
  </>
));

export const GamepadIcon = /* @__PURE__ */ createIcon('GamepadIcon', (
  <>
    <rect x="2.5" y="7" width="19" height="10.5" rx="4" />
    <path d="M7.5 10.5v4M5.5 12.5h4" />
    <circle cx="15.5" cy="11.5" r=".8" />
    <circle cx="17.5" cy="13.8" r=".8" />
  </>
));

export const SunIcon = /* @__PURE__ */ createIcon('SunIcon', (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M2.5 12h2M19.5 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4" />
  </>
));

export const MoonIcon = /* @__PURE__ */ createIcon('MoonIcon', <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" />);

export const UserIcon = /* @__PURE__ */ createIcon('UserIcon', (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6" />
  </>
));

export const ChevronRightIcon = /* @__PURE__ */ createIcon('ChevronRightIcon', <path d="m9 5.5 6.5 6.5L9 18.5" />);

export const ChevronLeftIcon = /* @__PURE__ */ createIcon('ChevronLeftIcon', <path d="M15 5.5 8.5 12l6.5 6.5" />);

export const WalletIcon = /* @__PURE__ */ createIcon('WalletIcon', (
  <>
    <path d="M4 7.5h14.5a1.5 1.5 0 0 1 1.5 1.5v9.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5V7.5z" />
    <path d="M4 7.5 15.5 4v3.5" />
    <circle cx="16" cy="13.8" r="1" />
  </>
));

export const HistoryIcon = /* @__PURE__ */ createIcon('HistoryIcon', (
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4.5V9H8" />
    <path d="M12 8v4.5l3 2" />
  </>
));

export const ReceiptIcon = /* @__PURE__ */ createIcon('ReceiptIcon', (
  <>
    <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h4" />
  </>
));

export const CashOutIcon = /* @__PURE__ */ createIcon('CashOutIcon', (
  <>
    <rect x="3" y="6.5" width="18" height="11" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M12 2.5v3M10.5 4 12 2.5 13.5 4" />
  </>
));

export const LogoutIcon = /* @__PURE__ */ createIcon('LogoutIcon', (
  <>
    <path d="M14 7.5V5a1.5 1.5 0 0 0-1.5-1.5h-7A1.5 1.5 0 0 0 4 5v14a1.5 1.5 0 0 0 1.5 1.5h7A1.5 1.5 0 0 0 14 19v-2.5" />
    <path d="M10 12h10.5M17.5 9l3 3-3 3" />
  </>
));

export const RefreshIcon = /* @__PURE__ */ createIcon('RefreshIcon', (
  <>
    <path d="M20 11.5A8 8 0 0 0 5.6 7" />
    <path d="M4 4v4h4" />
    <path d="M4 12.5A8 8 0 0 0 18.4 17" />
    <path d="M20 20v-4h-4" />
  </>
));

export const ClockIcon = /* @__PURE__ */ createIcon('ClockIcon', (
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>
));

export const TrophyIcon = /* @__PURE__ */ createIcon('TrophyIcon', (
  <>
    <path d="M8 4.5h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6.5H5a3 3 0 0 0 3 4M16 6.5h3a3 3 0 0 1-3 4" />
    <path d="M12 13.5v3.5M8.5 20.5h7M10 17h4v3.5h-4z" />
  </>
));

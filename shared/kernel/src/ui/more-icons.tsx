// Icons the shell's first paint does not draw (see icons.tsx).
import { createIcon } from './create-icon';

export const WalletIcon = createIcon('WalletIcon', (
  <>
    <path d="M4 7.5h14.5a1.5 1.5 0 0 1 1.5 1.5v9.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5V7.5z" />
    <path d="M4 7.5 15.5 4v3.5" />
    <circle cx="16" cy="13.8" r="1" />
  </>
));

export const HistoryIcon = createIcon('HistoryIcon', (
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 4.5V9H8" />
    <path d="M12 8v4.5l3 2" />
  </>
));

export const ReceiptIcon = createIcon('ReceiptIcon', (
  <>
    <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h4" />
  </>
));

export const CashOutIcon = createIcon('CashOutIcon', (
  <>
    <rect x="3" y="6.5" width="18" height="11" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M12 2.5v3M10.5 4 12 2.5 13.5 4" />
  </>
));

export const LogoutIcon = createIcon('LogoutIcon', (
  <>
    <path d="M14 7.5V5a1.5 1.5 0 0 0-1.5-1.5h-7A1.5 1.5 0 0 0 4 5v14a1.5 1.5 0 0 0 1.5 1.5h7A1.5 1.5 0 0 0 14 19v-2.5" />
    <path d="M10 12h10.5M17.5 9l3 3-3 3" />
  </>
));

export const RefreshIcon = createIcon('RefreshIcon', (
  <>
    <path d="M20 11.5A8 8 0 0 0 5.6 7" />
    <path d="M4 4v4h4" />
    <path d="M4 12.5A8 8 0 0 0 18.4 17" />
    <path d="M20 20v-4h-4" />
  </>
));

export const ClockIcon = createIcon('ClockIcon', (
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>
));

export const TrophyIcon = createIcon('TrophyIcon', (
  <>
    <path d="M8 4.5h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6.5H5a3 3 0 0 0 3 4M16 6.5h3a3 3 0 0 1-3 4" />
    <path d="M12 13.5v3.5M8.5 20.5h7M10 17h4v3.5h-4z" />
  </>
));

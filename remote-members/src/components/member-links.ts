import { CashOutIcon, HistoryIcon, ReceiptIcon, UserIcon, WalletIcon } from '@suwerte/ui';

/** The members side menu: the account drawer's items plus Deposit (document 1, section 2). */
export const MEMBER_LINKS = [
  { label: 'My Account', to: '/members/profile', icon: UserIcon },
  { label: 'Deposit', to: '/members/deposit', icon: WalletIcon },
  { label: 'Withdraw', to: '/members/withdraw', icon: CashOutIcon },
  { label: 'Bet History', to: '/members/bet-history', icon: HistoryIcon },
  { label: 'Transaction History', to: '/members/transaction-history', icon: ReceiptIcon },
] as const;

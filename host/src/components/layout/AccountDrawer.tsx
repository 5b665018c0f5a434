import '@suwerte/shared/overlays.css';
import '@suwerte/shared/host-lazy.css';
import { Button, Link, Stack, Text, UnstyledButton, selectBalance, useNavigate, useSession } from '@suwerte/shared';
import { Divider, signOut } from '@suwerte/shared/host';
import { Drawer } from '@suwerte/shared/overlays';
import { CashOutIcon, HistoryIcon, LogoutIcon, ReceiptIcon, UserIcon, WalletIcon } from '@suwerte/ui';
import { formatPeso } from '@suwerte/money';
import { startTransition, useEffect } from 'react';
import { prefetchRoute } from '../../features/federation/prefetch-route';
import classes from './AccountDrawer.module.css';

export const ACCOUNT_LINKS = [
  { label: 'My Account', to: '/members/profile', icon: UserIcon },
  { label: 'Transaction History', to: '/members/transaction-history', icon: ReceiptIcon },
  { label: 'Withdraw', to: '/members/withdraw', icon: CashOutIcon },
  { label: 'Bet History', to: '/members/bet-history', icon: HistoryIcon },
] as const;

const DEPOSIT_PATH = '/members/deposit';

/** The page behind a link starts loading when the pointer or the focus reaches it. */
const prefetchOnIntent = (path: string) => ({ onPointerEnter: () => void prefetchRoute(path), onFocus: () => void prefetchRoute(path) });

export interface AccountDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The logged-in account drawer of document 1, section 2. */
export default function AccountDrawer({ opened, onClose }: AccountDrawerProps) {
  const name = useSession((state) => state.user.name);
  const balance = useSession(selectBalance);
  const navigate = useNavigate();

  // Deposit is the menu's main action (its one button): its page loads while the player looks.
  useEffect(() => {
    if (opened) void prefetchRoute(DEPOSIT_PATH);
  }, [opened]);

  // A link closes the drawer in the same render as the page it opens (the navigation is a
  // transition too): one commit and one layout instead of a render of its own before the page's.
  const closeForPage = () => startTransition(onClose);

  // Signed out here at once; the session ends on the server too (its token answers 401 from then on).
  const logout = () => {
    onClose();
    void signOut();
    void navigate('/');
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title={<Text fw={700}>{name}</Text>} closeButtonProps={{ 'aria-label': 'Close account menu' }}>
      <Stack gap="md">
        <div className={classes.balance}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Balance
          </Text>
          <Text size="xl" fw={800} c="gold">
            {balance === null ? '—' : formatPeso(balance)}
          </Text>
        </div>
        <Button component={Link} to={DEPOSIT_PATH} onClick={closeForPage} leftSection={<WalletIcon size={18} />} fullWidth>
          Deposit
        </Button>
        <nav aria-label="Account">
          <Stack gap={4}>
            {ACCOUNT_LINKS.map((item) => (
              <UnstyledButton key={item.to} component={Link} to={item.to} onClick={closeForPage} className={classes.link} {...prefetchOnIntent(item.to)}>
                <item.icon size={20} />
                <span>{item.label}</span>
              </UnstyledButton>
            ))}
          </Stack>
        </nav>
        <Divider />
        <Button variant="subtle" color="red" onClick={logout} leftSection={<LogoutIcon size={18} />} justify="flex-start">
          Logout
        </Button>
      </Stack>
    </Drawer>
  );
}

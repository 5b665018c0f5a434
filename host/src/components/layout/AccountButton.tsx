import { Button, Skeleton, Text, selectBalance, useLocation, useSession } from '@suwerte/shared';
import { UserIcon } from '@suwerte/ui';
import { formatPeso } from '@suwerte/money';
import { Suspense, lazy, useState } from 'react';

// The drawer (and Mantine's Drawer with it) loads the first time the player opens it.
const AccountDrawer = lazy(() => import('./AccountDrawer'));

/** Logged-in header control: the balance, and the button that opens the account drawer. */
export function AccountButton() {
  const balance = useSession(selectBalance);
  const name = useSession((state) => state.user.name);
  const [requested, setRequested] = useState(false);
  // The drawer belongs to the location it was opened at: it never stays open across a navigation
  // (a link in it, a redirect, another tab's logout), nor reopens when the player comes back.
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  if (openedAt !== null && openedAt !== key) setOpenedAt(null);
  const opened = openedAt === key;
  const setOpened = (open: boolean) => setOpenedAt(open ? key : null);

  return (
    <>
      <Button
        variant="light"
        size="sm"
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
        leftSection={<UserIcon size={18} />}
        aria-label={`Account menu for ${name}`}
        aria-haspopup="dialog"
        data-account-menu
      >
        {balance === null ? (
          <Skeleton height={14} width={72} aria-hidden />
        ) : (
          <Text span fw={700} size="sm" data-testid="header-balance">
            {formatPeso(balance)}
          </Text>
        )}
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <AccountDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

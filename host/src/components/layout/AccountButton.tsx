import { Button, Skeleton, Text, UserIcon, formatPeso, selectBalance, useSession } from '@suwerte/shared';
import { Suspense, lazy, useState } from 'react';

// The drawer (and Mantine's Drawer with it) loads the first time the player opens it.
const AccountDrawer = lazy(() => import('./AccountDrawer'));

/** Logged-in header control: the balance, and the button that opens the account drawer. */
export function AccountButton() {
  const balance = useSession(selectBalance);
  const name = useSession((state) => state.user.name);
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);

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

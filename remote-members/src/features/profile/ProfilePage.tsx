import { PageTitle } from '@suwerte/ui';
import { Skeleton, Stack, useSession } from '@suwerte/shared';
import { AccountCard } from './AccountCard';
import { UserDetailsForm } from './UserDetailsForm';

/** `/members/profile`: the account card and the user-details form (document 1, section 2). */
export function ProfilePage() {
  const account = useSession((state) => state.account);
  return (
    <Stack gap="lg">
      <PageTitle>My Account</PageTitle>
      {account ? (
        <>
          <AccountCard account={account} />
          <UserDetailsForm account={account} />
        </>
      ) : (
        <>
          <Skeleton height={140} radius="lg" role="status" aria-label="Loading your account" />
          <Skeleton height={260} radius="lg" />
        </>
      )}
    </Stack>
  );
}

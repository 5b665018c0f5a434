import { PageTitle } from '@suwerte/ui';
import { Stack } from '@suwerte/shared';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawalHistory } from './WithdrawalHistory';

/** `/members/withdraw`: the form and the withdrawals of the last 7 days (document 1, section 2). */
export function WithdrawPage() {
  return (
    <Stack gap="lg">
      <PageTitle>Withdraw</PageTitle>
      <WithdrawForm />
      <WithdrawalHistory />
    </Stack>
  );
}

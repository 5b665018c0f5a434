import { accountEndpoints } from '@suwerte/contracts/account';
import { CASHOUT_CHANNEL, MEMBERS_TEXTS, membersEndpoints, REQUEST_STATUS, type WithdrawalRecord } from '@suwerte/contracts/members';
import { Card, invalidateEndpoints, Title, useEndpointQuery } from '@suwerte/shared';
import { formatDateTime } from '@suwerte/time';
import { formatPeso } from '@suwerte/money';
import { useEffect, useRef } from 'react';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { ListState } from '../../components/ListState';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';

/** Withdrawals of the last 7 days, polled every 8 s (document 1, sections 4 and 9); 'NO WITHDRAWAL'. */
export function WithdrawalHistory() {
  // The definition carries the spec's 8 s poll.
  const withdrawals = useEndpointQuery(membersEndpoints.withdrawHistory);
  const rows = withdrawals.data ?? [];
  const banks = useEndpointQuery(membersEndpoints.bankCodes, { params: { channel: CASHOUT_CHANNEL } });
  const bankName = (code: string) => banks.data?.data.data.find((bank) => bank.code === code)?.name ?? code;
  const columns: TableColumn<WithdrawalRecord>[] = [
    { name: 'Date', cell: (withdrawal) => formatDateTime(withdrawal.createdAt) },
    { name: 'Bank / E-wallet', cell: (withdrawal) => bankName(withdrawal.Mode) },
    { name: 'Account', cell: (withdrawal) => `${withdrawal.AccountName} · ${withdrawal.AccountNumber}` },
    { name: 'Amount', numeric: true, cell: (withdrawal) => formatPeso(withdrawal.Amount) },
    { name: 'Status', cell: (withdrawal) => <RequestStatusBadge status={withdrawal.Status} /> },
  ];

  // A rejected withdrawal is refunded: when one turns up rejected, the header balance follows.
  const statuses = useRef(new Map<string, number>());
  useEffect(() => {
    if (!withdrawals.data) return;
    let refunded = false;
    for (const withdrawal of withdrawals.data) {
      const before = statuses.current.get(withdrawal._id);
      if (before === REQUEST_STATUS.PENDING && withdrawal.Status === REQUEST_STATUS.REJECTED) refunded = true;
      statuses.current.set(withdrawal._id, withdrawal.Status);
    }
    if (refunded) invalidateEndpoints([accountEndpoints.account]);
  }, [withdrawals.data]);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="withdrawal-history-title">
      <Title order={2} size="h4" id="withdrawal-history-title" mb="sm">
        Withdrawals (last 7 days)
      </Title>
      <ListState loading={withdrawals.isPending} failed={withdrawals.isError} onRetry={() => void withdrawals.refetch()} retrying={withdrawals.isFetching} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noWithdrawal}>
        <ResponsiveTable columns={columns} rows={rows} rowKey={(withdrawal) => withdrawal._id} rowTestId="withdrawal-row" labelledBy="withdrawal-history-title" />
      </ListState>
    </Card>
  );
}

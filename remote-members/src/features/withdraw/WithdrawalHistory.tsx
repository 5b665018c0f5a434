import {
  CASHOUT_CHANNEL,
  Card,
  MEMBERS_TEXTS,
  REQUEST_STATUS,
  Table,
  Title,
  accountEndpoints,
  formatDateTime,
  formatPeso,
  invalidateEndpoints,
  membersEndpoints,
  useEndpointQuery,
} from '@suwerte/shared';
import { useEffect, useRef } from 'react';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { ListState } from '../../components/ListState';
import classes from '../../components/ResponsiveTable.module.css';

/** Withdrawals of the last 7 days, polled every 8 s (document 1, sections 4 and 9); 'NO WITHDRAWAL'. */
export function WithdrawalHistory() {
  // The definition carries the spec's 8 s poll.
  const withdrawals = useEndpointQuery(membersEndpoints.withdrawHistory);
  const rows = withdrawals.data ?? [];
  const banks = useEndpointQuery(membersEndpoints.bankCodes, { params: { channel: CASHOUT_CHANNEL } });
  const bankName = (code: string) => banks.data?.data.data.find((bank) => bank.code === code)?.name ?? code;

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
      <ListState loading={withdrawals.isPending} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noWithdrawal}>
        <Table className={classes.table} verticalSpacing="xs" highlightOnHover aria-labelledby="withdrawal-history-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Bank / E-wallet</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th className={classes.number}>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((withdrawal) => (
              <Table.Tr key={withdrawal._id} data-testid="withdrawal-row">
                <Table.Td data-label="Date">{formatDateTime(withdrawal.createdAt)}</Table.Td>
                <Table.Td data-label="Bank / E-wallet">{bankName(withdrawal.Mode)}</Table.Td>
                <Table.Td data-label="Account">
                  {withdrawal.AccountName} · {withdrawal.AccountNumber}
                </Table.Td>
                <Table.Td data-label="Amount" className={classes.number}>
                  {formatPeso(withdrawal.Amount)}
                </Table.Td>
                <Table.Td data-label="Status">
                  <RequestStatusBadge status={withdrawal.Status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
    </Card>
  );
}

import { Button, Card, Stack, Text, useEndpointQuery } from '@suwerte/shared';
import { PageTitle } from '@suwerte/ui';
import { gameTypeLabel, historyEndpoints, MEMBERS_TEXTS } from '@suwerte/contracts/members';
import { type Transaction } from '@suwerte/contracts/core';
import { formatDateTime } from '@suwerte/time';
import { formatPeso } from '@suwerte/money';
import { useState } from 'react';
import { ListState } from '../../components/ListState';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';

/**
 * `/members/transaction-history`: every money movement of the last 7 days, newest first
 * (document 2, section 2). Columns Date, Type (Mode), Amount, Balance, Details; negative
 * amounts in red; 'Show more' opens TRANSACTION DETAILS for a bet's movement.
 */
export function TransactionHistoryPage() {
  const transactions = useEndpointQuery(historyEndpoints.transactions);
  const [shown, setShown] = useState<Transaction | null>(null);
  const rows = transactions.data ?? [];
  const columns: TableColumn<Transaction>[] = [
    { name: 'Date', cell: (transaction) => formatDateTime(transaction.createdAt) },
    { name: 'Type', cell: (transaction) => transaction.Mode },
    {
      name: 'Amount',
      numeric: true,
      cell: (transaction) => (
        <Text span size="sm" fw={700} c={transaction.Amount < 0 ? 'red' : undefined} data-negative={transaction.Amount < 0 || undefined}>
          {formatPeso(transaction.Amount)}
        </Text>
      ),
    },
    { name: 'Balance', numeric: true, cell: (transaction) => formatPeso(transaction.Balance) },
    {
      name: 'Details',
      cell: (transaction) =>
        transaction.BetId ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShown(transaction)}
            aria-label={`Show more about the ${gameTypeLabel(transaction.BetId)} ${transaction.Mode.toLowerCase()} of ${formatDateTime(transaction.createdAt)}`}
          >
            Show more
          </Button>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle>Transaction History</PageTitle>
      <Card withBorder radius="lg" padding="lg">
        <ListState loading={transactions.isPending} failed={transactions.isError} onRetry={() => void transactions.refetch()} retrying={transactions.isFetching} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noTransaction} emptyCaption={MEMBERS_TEXTS.transactionHistoryCaption}>
          <ResponsiveTable columns={columns} rows={rows} rowKey={(transaction) => transaction._id} rowTestId="transaction-row" caption={MEMBERS_TEXTS.transactionHistoryCaption} />
        </ListState>
      </Card>
      <TransactionDetailsDialog transaction={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

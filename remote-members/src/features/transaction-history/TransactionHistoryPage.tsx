import {
  Button,
  Card,
  formatDateTime,
  formatPeso,
  gameTypeLabel,
  historyEndpoints,
  MEMBERS_TEXTS,
  PageTitle,
  Stack,
  Table,
  Text,
  useEndpointQuery,
  type Transaction,
} from '@suwerte/shared';
import { useState } from 'react';
import { ListState } from '../../components/ListState';
import classes from '../../components/ResponsiveTable.module.css';
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

  return (
    <Stack gap="lg">
      <PageTitle>Transaction History</PageTitle>
      <Card withBorder radius="lg" padding="lg">
        <ListState loading={transactions.isPending} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noTransaction} emptyCaption={MEMBERS_TEXTS.transactionHistoryCaption}>
          <Table className={classes.table} captionSide="top" verticalSpacing="xs" highlightOnHover>
            <Table.Caption>{MEMBERS_TEXTS.transactionHistoryCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th className={classes.number}>Amount</Table.Th>
                <Table.Th className={classes.number}>Balance</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((transaction) => (
                <Table.Tr key={transaction._id} data-testid="transaction-row">
                  <Table.Td data-label="Date">{formatDateTime(transaction.createdAt)}</Table.Td>
                  <Table.Td data-label="Type">{transaction.Mode}</Table.Td>
                  <Table.Td data-label="Amount" className={classes.number}>
                    <Text span size="sm" fw={700} c={transaction.Amount < 0 ? 'red.5' : undefined} data-negative={transaction.Amount < 0 || undefined}>
                      {formatPeso(transaction.Amount)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Balance" className={classes.number}>
                    {formatPeso(transaction.Balance)}
                  </Table.Td>
                  <Table.Td data-label="Details">
                    {transaction.BetId ? (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListState>
      </Card>
      <TransactionDetailsDialog transaction={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

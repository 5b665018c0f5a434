import {
  Card,
  MEMBERS_QUERY_KEYS,
  MEMBERS_TEXTS,
  Table,
  Title,
  fetchDepositHistory,
  fetchPaymentOptions,
  formatDateTime,
  formatPeso,
  useApiQuery,
} from '@suwerte/shared';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { ListState } from '../../components/ListState';
import { ProofButton } from './ProofDialog';
import classes from '../../components/ResponsiveTable.module.css';

/** The player's deposits: Status 1 PENDING, 2 REJECTED, else APPROVED; 'NO DEPOSIT' when empty. */
export function DepositHistory() {
  const deposits = useApiQuery({ queryKey: MEMBERS_QUERY_KEYS.deposits, queryFn: fetchDepositHistory });
  const options = useApiQuery({ queryKey: MEMBERS_QUERY_KEYS.paymentOptions, queryFn: fetchPaymentOptions, staleTime: 60_000 });
  const labelOf = (mode: string) => options.data?.find((option) => option.mopname === mode)?.label ?? mode;
  // Spec: a list that fails to load shows as empty.
  const rows = deposits.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="deposit-history-title">
      <Title order={2} size="h4" id="deposit-history-title" mb="sm">
        Deposit history
      </Title>
      <ListState loading={deposits.isPending} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noDeposit}>
        <Table className={classes.table} verticalSpacing="xs" highlightOnHover aria-labelledby="deposit-history-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th className={classes.number}>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Proof</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((deposit) => (
              <Table.Tr key={deposit._id} data-testid="deposit-row">
                <Table.Td data-label="Date">{formatDateTime(deposit.createdAt)}</Table.Td>
                <Table.Td data-label="Method">{labelOf(deposit.Mode)}</Table.Td>
                <Table.Td data-label="Amount" className={classes.number}>
                  {formatPeso(deposit.Amount)}
                </Table.Td>
                <Table.Td data-label="Status">
                  <RequestStatusBadge status={deposit.Status} />
                </Table.Td>
                <Table.Td data-label="Proof">
                  {deposit.ImageLink ? <ProofButton link={deposit.ImageLink} /> : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
    </Card>
  );
}

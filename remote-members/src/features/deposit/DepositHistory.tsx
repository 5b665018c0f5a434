import {
  Card,
  formatDateTime,
  formatPeso,
  MEMBERS_TEXTS,
  membersEndpoints,
  Title,
  useEndpointQuery,
  type DepositRecord,
} from '@suwerte/shared';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { ListState } from '../../components/ListState';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import { ProofButton } from './ProofDialog';

/** The player's deposits: Status 1 PENDING, 2 REJECTED, else APPROVED; 'NO DEPOSIT' when empty. */
export function DepositHistory() {
  const deposits = useEndpointQuery(membersEndpoints.depositHistory);
  const options = useEndpointQuery(membersEndpoints.paymentOptions);
  const labelOf = (mode: string) => options.data?.find((option) => option.mopname === mode)?.label ?? mode;
  // Spec: a list that fails to load shows as empty.
  const rows = deposits.data ?? [];
  const columns: TableColumn<DepositRecord>[] = [
    { name: 'Date', cell: (deposit) => formatDateTime(deposit.createdAt) },
    { name: 'Method', cell: (deposit) => labelOf(deposit.Mode) },
    { name: 'Amount', numeric: true, cell: (deposit) => formatPeso(deposit.Amount) },
    { name: 'Status', cell: (deposit) => <RequestStatusBadge status={deposit.Status} /> },
    {
      name: 'Proof',
      cell: (deposit) => (deposit.ImageLink ? <ProofButton link={deposit.ImageLink} /> : '—'),
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="deposit-history-title">
      <Title order={2} size="h4" id="deposit-history-title" mb="sm">
        Deposit history
      </Title>
      <ListState loading={deposits.isPending} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noDeposit}>
        <ResponsiveTable columns={columns} rows={rows} rowKey={(deposit) => deposit._id} rowTestId="deposit-row" labelledBy="deposit-history-title" />
      </ListState>
    </Card>
  );
}

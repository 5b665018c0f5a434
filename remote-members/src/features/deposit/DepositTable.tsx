import { Button, Group } from '@suwerte/shared';
import { REQUEST_STATUS, GATEWAY_MOPNAME, type DepositRecord, type PaymentOption } from '@suwerte/contracts/members';
import { formatDateTime } from '@suwerte/time';
import { formatPeso } from '@suwerte/money';
import { RequestStatusBadge } from '../../components/RequestStatusBadge';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
import { ProofButton } from './ProofButton';

/** A QR deposit the player has not paid yet: its code can be shown again (after a reload too). */
export const isPendingQr = (deposit: DepositRecord): boolean => deposit.Mode === GATEWAY_MOPNAME && deposit.Status === REQUEST_STATUS.PENDING;

export interface DepositTableProps {
  /** The player's deposits, newest first. */
  deposits: readonly DepositRecord[];
  /** The payment methods the page loaded (their labels name each deposit's method); none if they failed to load. */
  methods: readonly PaymentOption[] | undefined;
  /** Shows a pending QR deposit's code again. */
  onShowQr: (deposit: DepositRecord) => void;
  /** The deposit whose code is being fetched. */
  openingQr: string | null;
  /** The id of the history's title. */
  labelledBy: string;
}

/** The deposits' table: Status 1 PENDING, 2 REJECTED, else APPROVED; a pending QR deposit offers its code again. */
export function DepositTable({ deposits, methods, onShowQr, openingQr, labelledBy }: DepositTableProps) {
  const labelOf = (mode: string) => methods?.find((option) => option.mopname === mode)?.label ?? mode;
  const columns: TableColumn<DepositRecord>[] = [
    { name: 'Date', cell: (deposit) => formatDateTime(deposit.createdAt) },
    { name: 'Method', cell: (deposit) => labelOf(deposit.Mode) },
    { name: 'Amount', numeric: true, cell: (deposit) => formatPeso(deposit.Amount) },
    {
      name: 'Status',
      cell: (deposit) =>
        isPendingQr(deposit) ? (
          <Group gap="xs" wrap="nowrap">
            <RequestStatusBadge status={deposit.Status} />
            <Button variant="subtle" size="compact-sm" px={4} loading={openingQr === deposit._id} disabled={openingQr !== null} onClick={() => onShowQr(deposit)} aria-label={`Show the QR code for ${formatPeso(deposit.Amount)}`}>
              Show QR
            </Button>
          </Group>
        ) : (
          <RequestStatusBadge status={deposit.Status} />
        ),
    },
    {
      name: 'Proof',
      cell: (deposit) => (deposit.ImageLink ? <ProofButton link={deposit.ImageLink} /> : '—'),
    },
  ];
  return <ResponsiveTable columns={columns} rows={deposits} rowKey={(deposit) => deposit._id} rowTestId="deposit-row" labelledBy={labelledBy} />;
}

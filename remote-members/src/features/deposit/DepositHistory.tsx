import { Card, Title, useEndpointQuery } from '@suwerte/shared';
import { LoadFailedLine, StatusText, lazyPart } from '@suwerte/ui';
import { MEMBERS_TEXTS, membersEndpoints, type DepositRecord, type PaymentOption } from '@suwerte/contracts/members';
import { ListState } from '../../components/ListState';

// The table's code (and the kernel's `pages` entry point, for its Table) comes once the form is on
// show: on a phone the history is below it, and the form is what the player came for (docs/decisions/247).
const DepositTable = lazyPart(() => import(/* webpackChunkName: "deposit-table" */ './DepositTable').then((module) => module.DepositTable), {
  loading: <StatusText loading>Fetching data</StatusText>,
  failed: (retry) => <LoadFailedLine onRetry={retry} />,
});

export interface DepositHistoryProps {
  /** The payment methods the page loaded (their labels name each deposit's method); none if they failed to load. */
  methods: readonly PaymentOption[] | undefined;
  /** Shows a pending QR deposit's code again. */
  onShowQr: (deposit: DepositRecord) => void;
  /** The deposit whose code is being fetched. */
  openingQr: string | null;
}

/** The player's deposits, or 'NO DEPOSIT' when there are none. */
export function DepositHistory({ methods, onShowQr, openingQr }: DepositHistoryProps) {
  const deposits = useEndpointQuery(membersEndpoints.depositHistory);
  // Spec: a list that fails to load shows as empty.
  const rows = deposits.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="deposit-history-title">
      <Title order={2} size="h4" id="deposit-history-title" mb="sm">
        Deposit history
      </Title>
      <ListState loading={deposits.isPending} failed={deposits.isError} onRetry={() => void deposits.refetch()} retrying={deposits.isFetching} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noDeposit}>
        <DepositTable deposits={rows} methods={methods} onShowQr={onShowQr} openingQr={openingQr} labelledBy="deposit-history-title" />
      </ListState>
    </Card>
  );
}

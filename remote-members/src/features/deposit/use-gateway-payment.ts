import { REQUEST_STATUS, historyEndpoints, membersEndpoints } from '@suwerte/contracts/members';
import { accountEndpoints } from '@suwerte/contracts/account';
import { invalidateEndpoints, notify, useEndpointQuery } from '@suwerte/shared';
import { formatPeso } from '@suwerte/money';
import { useEffect, useRef } from 'react';

/** How often the page asks whether a QR deposit was paid. */
export const GATEWAY_POLL_MS = 3_000;

export type GatewayPaymentState = 'waiting' | 'paid' | 'expired';

/**
 * Watches a QR deposit until it is paid (or expires): polls the deposit history, and once the
 * deposit is approved refreshes the account so the header balance moves by itself (spec:
 * "balance updates automatically after payment").
 */
export function useGatewayPayment(depositId: string | null): GatewayPaymentState | null {
  const deposits = useEndpointQuery(membersEndpoints.depositHistory, {
    enabled: depositId !== null,
    refetchInterval: (query) => {
      const deposit = query.state.data?.find((item) => item._id === depositId);
      return depositId !== null && (!deposit || deposit.Status === REQUEST_STATUS.PENDING) ? GATEWAY_POLL_MS : false;
    },
    // The player may be paying in another tab or on their phone.
    refetchIntervalInBackground: true,
  });
  const deposit = depositId === null ? undefined : deposits.data?.find((item) => item._id === depositId);
  const state: GatewayPaymentState | null =
    depositId === null
      ? null
      : !deposit || deposit.Status === REQUEST_STATUS.PENDING
        ? 'waiting'
        : deposit.Status === REQUEST_STATUS.REJECTED
          ? 'expired'
          : 'paid';

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (state !== 'paid' || !deposit || announced.current === deposit._id) return;
    announced.current = deposit._id;
    // The account stream brings the balance too; this refetch does not wait for its next look.
    invalidateEndpoints([accountEndpoints.account, historyEndpoints.transactions]);
    void notify({ kind: 'success', message: `Payment received: ${formatPeso(deposit.Amount)} added to your balance.` });
  }, [state, deposit]);

  return state;
}

// The balance a money event carries, written into the account query (record 017): what remotes
// call. The account's one owner, its sync, is the host's (account-sync.ts).
import { accountEndpoints } from '@suwerte/contracts/account';
import { getEndpointData, setEndpointData } from './query';

const ACCOUNT = accountEndpoints.account;

/** Syncs still waiting for their first apply (at most one in the page; account-sync.ts adds them). */
export const pendingSyncs = new Set<(balance: number) => void>();

/**
 * Writes a balance a money event carries (e.g. Video Karera's `betsuccessful.Balance`) into the
 * account query; the account subscriber passes it on to the store. Before the session's first
 * `/account/` answer is applied, that answer is applied at once with this balance.
 */
export function writeBalance(balance: number): void {
  const account = getEndpointData(ACCOUNT);
  if (!account) {
    for (const early of [...pendingSyncs]) early(balance);
    return;
  }
  if (account.balance !== balance) setEndpointData(ACCOUNT, undefined, () => ({ ...account, balance }));
}

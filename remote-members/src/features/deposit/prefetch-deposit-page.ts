import { membersEndpoints } from '@suwerte/contracts/members';
import { prefetchEndpoints } from '@suwerte/ui/data';

/** `/members/deposit`'s first calls (the payment options, the deposit history), started beside its code. */
export const prefetchDepositPage = () => prefetchEndpoints([membersEndpoints.paymentOptions, membersEndpoints.depositHistory]);

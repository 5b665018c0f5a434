import { jackpotEndpoints, lottoEndpoints } from '@suwerte/contracts/lotto';
import { prefetchEndpoints } from '@suwerte/ui/data';

/** `/Lotto`'s first calls (the draw schedule, the jackpot card), started beside its code. */
export const prefetchLottoPage = () => prefetchEndpoints([lottoEndpoints.activeSchedules, jackpotEndpoints.jackpot]);

import { jackpotEndpoints, sportsEndpoints } from '@suwerte/contracts/sports';
import { prefetchEndpoints } from '@suwerte/ui/data';

/** `/Sports`' first calls (the schedule, the jackpot banner), started beside its code. */
export const prefetchSportsPage = () => prefetchEndpoints([sportsEndpoints.schedule, jackpotEndpoints.jackpot]);

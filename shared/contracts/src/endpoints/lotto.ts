// Endpoints of the lotto area (document 1, sections 2 and 7; document 2, section 7).
import { LottoResultListSchema, LottoScheduleListSchema, TodaysDrawListSchema } from '../contracts/lotto';
import { defineEndpoint } from './define';

export const lottoEndpoints = {
  /** Today's draws (finished ones included) plus each game's next draw: the Lotto page's cards. */
  activeSchedules: defineEndpoint({
    method: 'GET',
    path: '/schedule/active/lotto',
    auth: 'player',
    summary: 'Lotto schedules (document 1, section 7)',
    response: LottoScheduleListSchema,
  }),
  /** Results of the last 7 days, newest draw first: the 'Lotto Results' dialog. */
  results: defineEndpoint({
    method: 'GET',
    path: '/result/lotto',
    auth: 'player',
    summary: 'Lotto results (document 1, section 7)',
    response: LottoResultListSchema,
  }),
  /** Today's draws for the home page's "Lotto Today" (public: visitors see it too). */
  todaysDraws: defineEndpoint({
    method: 'GET',
    path: '/game/pick3/todaysdraw',
    auth: 'public',
    summary: "Today's lotto draws (document 2, section 7)",
    response: TodaysDrawListSchema,
  }),
};

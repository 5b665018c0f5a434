import type { LottoSchedule } from '@suwerte/contracts';
import { lottoEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { createAnswerCache } from '../../lib/answer-cache';
import { createCatchUpGate } from '../../lib/catch-up-gate';
import { registerEndpoint } from '../../lib/endpoints';
import { keepCalendarCurrent, nextCalendarStep, seedLottoCalendar } from './calendar';
import { activeSchedules, recentResults, todaysDraws } from './draws';
import { LOTTO_SCHEMA } from './schema';

/**
 * Lotto draws (document 1, sections 3 and 7; document 2, section 7): the schedule, the results
 * and today's draws. Draw times are Philippine time whatever the server's time zone.
 */
export const lottoFeature: Feature = {
  name: 'lotto',
  ...LOTTO_SCHEMA,
  seed: (store, options) => seedLottoCalendar(store, options),
  register(app, ctx) {
    // Whether a draw is due is asked again only once the next one's time comes (or the next day), or the data changes.
    const catchUp = createCatchUpGate(ctx.store);
    const drawDue = async (now: Date) => {
      await keepCalendarCurrent(ctx.store, now);
      return nextCalendarStep(ctx.store, now);
    };
    /** The clock for one request, after every due draw has been drawn. */
    const current = async (): Promise<Date> => {
      const now = ctx.now();
      await catchUp.run(now, drawDue);
      return now;
    };
    // The same for every player until a draw is drawn or the calendar grows: built once a second at most.
    const scheduleAnswers = createAnswerCache<LottoSchedule[]>(ctx.store, { maxAgeMs: 1_000 });
    registerEndpoint(app, ctx, lottoEndpoints.activeSchedules, ({ request }) => {
      const now = ctx.now();
      // One data version for the whole request: the one its account was read at, or after a catch-up that ran.
      const quiet = catchUp.skipping(now, request.dataVersion);
      // The usual call — nothing due, the answer of this version kept — is answered at once (docs/decisions/131).
      const kept = quiet === undefined ? undefined : scheduleAnswers.kept(now, quiet);
      if (kept) return kept;
      return catchUp.run(now, drawDue, request.dataVersion).then((seen) => scheduleAnswers.get(now, () => activeSchedules(ctx.store.db, now), seen));
    });
    registerEndpoint(app, ctx, lottoEndpoints.results, async () => recentResults(ctx.store.db, await current()));
    registerEndpoint(app, ctx, lottoEndpoints.todaysDraws, async () => todaysDraws(ctx.store.db, await current()));
  },
};

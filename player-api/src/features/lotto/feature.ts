import { lottoEndpoints } from '@suwerte/shared/endpoints';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { keepCalendarCurrent, seedLottoCalendar } from './calendar';
import { activeSchedules, recentResults, todaysDraws } from './draws';
import { LOTTO_MIGRATIONS } from './schema';

/**
 * Lotto draws (document 1, sections 3 and 7; document 2, section 7): the schedule, the results
 * and today's draws. Draw times are Philippine time whatever the server's time zone.
 */
export const lottoFeature: Feature = {
  name: 'lotto',
  migrations: LOTTO_MIGRATIONS,
  seed: (db, options) => seedLottoCalendar(db, options),
  register(app, ctx) {
    /** The clock for one request, after every due draw has been drawn. */
    const current = (): Date => {
      const now = ctx.now();
      keepCalendarCurrent(ctx.db, now);
      return now;
    };
    registerEndpoint(app, ctx, lottoEndpoints.activeSchedules, () => activeSchedules(ctx.db, current()));
    registerEndpoint(app, ctx, lottoEndpoints.results, () => recentResults(ctx.db, current()));
    registerEndpoint(app, ctx, lottoEndpoints.todaysDraws, () => todaysDraws(ctx.db, current()));
  },
};

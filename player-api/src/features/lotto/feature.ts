import type { Feature } from '../../context';
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
    app.get('/schedule/active/lotto', { preHandler: ctx.authenticate }, async () => activeSchedules(ctx.db, current()));
    app.get('/result/lotto', { preHandler: ctx.authenticate }, async () => recentResults(ctx.db, current()));
    // Public: the home page shows today's draws to visitors too.
    app.get('/game/pick3/todaysdraw', async () => todaysDraws(ctx.db, current()));
  },
};

import { VITAL_METRICS, percentile75, type VitalMetric, type VitalsReport, type VitalsSummary } from '@suwerte/federation';
import type { Q } from '../../db/tables';
import { RETENTION_DAYS } from './remote-errors';

declare module '../../db/tables' {
  interface Tables {
    vitals: { id: number; remote: string; release: string; metric: string; value: number; route: string; canary: number; created_at: string };
  }
}

/** Keeps one measurement and forgets those past the retention (as the error reports). */
export async function recordVital(q: Q, report: VitalsReport, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  await q.deleteFrom('vitals').where('created_at', '<', cutoff).execute();
  await q
    .insertInto('vitals')
    .values({
      remote: report.remote,
      release: report.release,
      metric: report.metric,
      value: report.value,
      route: report.route,
      canary: report.canary ? 1 : 0,
      created_at: now.toISOString(),
    } as never)
    .execute();
}

/**
 * Samples and 75th percentile of each metric per remote and release since `since`, by remote,
 * release and metric (LCP, INP, CLS).
 */
export async function summarizeVitals(q: Q, since: Date, remote?: string): Promise<VitalsSummary[]> {
  let query = q.selectFrom('vitals').select(['remote', 'release', 'metric', 'value']).where('created_at', '>=', since.toISOString());
  if (remote !== undefined) query = query.where('remote', '=', remote);
  const rows = await query.execute();
  const groups = new Map<string, { remote: string; release: string; metric: VitalMetric; values: number[] }>();
  for (const row of rows) {
    const metric = row.metric as VitalMetric;
    const key = JSON.stringify([row.remote, row.release, metric]);
    let group = groups.get(key);
    if (!group) {
      group = { remote: row.remote, release: row.release, metric, values: [] };
      groups.set(key, group);
    }
    group.values.push(Number(row.value));
  }
  const order = (metric: VitalMetric) => VITAL_METRICS.indexOf(metric);
  return [...groups.values()]
    .map(({ values, ...group }) => ({ ...group, samples: values.length, p75: percentile75(values) ?? 0 }))
    .sort((a, b) => a.remote.localeCompare(b.remote) || a.release.localeCompare(b.release, 'en', { numeric: true }) || order(a.metric) - order(b.metric));
}

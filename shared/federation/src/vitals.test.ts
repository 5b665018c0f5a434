import { VITAL_LIMITS, VitalsReportSchema, percentile75, vitalInReadingUnits } from './vitals';

const REPORT = { remote: 'lotto', release: '1.1.0', canary: true, route: '/Lotto', metric: 'LCP', value: 2310 };

describe('percentile75', () => {
  it('is the value at rank ⌈0.75 n⌉ of the sorted values: one some page really had', () => {
    expect(percentile75([])).toBeNull();
    expect(percentile75([1800])).toBe(1800);
    expect(percentile75([400, 100, 300, 200])).toBe(300);
    expect(percentile75([5, 1, 4, 2, 3])).toBe(4);
    // 100 loads, 1 … 100 ms: 75 of them at or below 75 ms.
    expect(percentile75(Array.from({ length: 100 }, (_, index) => 100 - index))).toBe(75);
    // A few very slow phones do not move it; a quarter of slow ones do.
    const fast = Array.from({ length: 76 }, () => 1000);
    expect(percentile75([...fast, ...Array.from({ length: 24 }, () => 9000)])).toBe(1000);
    expect(percentile75([...fast.slice(1), ...Array.from({ length: 25 }, () => 9000)])).toBe(1000);
    expect(percentile75([...fast.slice(2), ...Array.from({ length: 26 }, () => 9000)])).toBe(9000);
    expect(percentile75([0.25, 0.01, 0.1])).toBe(0.25);
  });

  it('leaves its input in the order it had', () => {
    const values = [3, 1, 2];
    percentile75(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('a vitals report', () => {
  it('is one metric of one page load with its remote release, and nothing about the player', () => {
    expect(VitalsReportSchema.parse(REPORT)).toEqual(REPORT);
    // CLS 0.12 in ten-thousandths of the score.
    expect(VitalsReportSchema.parse({ ...REPORT, canary: undefined, metric: 'CLS', value: 1200 })).toEqual({ ...REPORT, canary: false, metric: 'CLS', value: 1200 });
    expect(vitalInReadingUnits('CLS', 1200)).toBe(0.12);
    expect(vitalInReadingUnits('LCP', 1200)).toBe(1200);
    expect(VitalsReportSchema.parse({ ...REPORT, release: 'current', value: 0 })).toMatchObject({ release: 'current', value: 0 });
    const bad = [
      { ...REPORT, metric: 'FID' },
      { ...REPORT, value: -1 },
      { ...REPORT, value: 2310.5 },
      { ...REPORT, metric: 'CLS', value: 0.12 },
      { ...REPORT, value: Number.POSITIVE_INFINITY },
      { ...REPORT, value: VITAL_LIMITS.LCP + 1 },
      { ...REPORT, metric: 'CLS', value: VITAL_LIMITS.CLS + 1 },
      { ...REPORT, metric: 'INP', value: VITAL_LIMITS.INP + 1 },
      { ...REPORT, value: '2310' },
      { ...REPORT, route: '/Lotto/results?ticket=123' },
      { ...REPORT, release: '../1.0.0' },
      { ...REPORT, user: 'demoplayer' },
      { ...REPORT, url: 'https://suwerte.ph/Lotto?token=abc' },
    ];
    for (const report of bad) expect(VitalsReportSchema.safeParse(report).success, JSON.stringify(report)).toBe(false);
  });
});

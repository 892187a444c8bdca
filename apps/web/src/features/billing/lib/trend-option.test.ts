import { describe, expect, it } from 'vitest';
import {
  buildTrendOption,
  completeTrend,
  daysOf,
  fenOf,
  type TTrendPoint,
  trendCategories,
  trendStack,
  yuanOf,
} from './trend-option';

const texts = {
  categories: { compute: 'Compute', storage: 'Storage', network: 'Network', ai: 'AI' },
  total: 'Total',
  money: (text: string) => `¥${text}`,
};

const point = (date: string, over: Partial<TTrendPoint> = {}): TTrendPoint => ({
  date,
  total: '0.00',
  compute: '0.00',
  storage: '0.00',
  network: '0.00',
  ai: '0.00',
  ...over,
});

/** An answer that left out days (2026-11-22, 23 and 25) and whose today (26th) is under way. */
const answer: TTrendPoint[] = [
  point('2026-11-21', { total: '44.37', compute: '33.41', storage: '8.83', network: '2.13' }),
  point('2026-11-24', { total: '25.27', compute: '15.65', storage: '8.85', network: '0.77' }),
  point('2026-11-26', { total: '3.10', compute: '2.50', network: '0.60' }),
];
const range = { startDate: '2026-11-20', endDate: '2026-11-26' };

type TSeries = { id: string; type: string; stack?: string; barGap?: string; data: number[] };

describe('the trend option', () => {
  it('has a column for every day of the range, in order, today included', () => {
    const option = buildTrendOption(answer, texts, range);
    expect(option.xAxis.data).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    for (const series of option.series as TSeries[]) expect(series.data).toHaveLength(7);
  });

  it("keeps today's partial sum and fills only the days without consumption with zeros", () => {
    const option = buildTrendOption(answer, texts, range);
    const total = (option.series as TSeries[]).find((s) => s.id === 'total');
    expect(total?.data).toEqual([0, 44.37, 0, 0, 25.27, 0, 3.1]);
  });

  it("makes each day's total the sum of its categories", () => {
    // The answer's total of the 24th disagrees with its categories by a cent: the line follows the bars.
    const skewed = [
      point('2026-11-24', { total: '25.28', compute: '15.65', storage: '8.85', network: '0.77' }),
    ];
    const option = buildTrendOption(
      [...answer.slice(0, 1), ...skewed, answer[2] as TTrendPoint],
      texts,
      range,
    );
    const series = option.series as TSeries[];
    const bars = series.filter((s) => s.type === 'bar');
    const total = series.find((s) => s.id === 'total') as TSeries;
    total.data.forEach((value, day) => {
      const fen = bars.reduce((sum, s) => sum + Math.round((s.data[day] ?? 0) * 100), 0);
      expect(Math.round(value * 100)).toBe(fen);
    });
    expect(total.data[4]).toBe(25.27);
  });

  it('stacks the categories in one column per day: one stack key, no gap between series', () => {
    const option = buildTrendOption(answer, texts, range);
    const bars = (option.series as TSeries[]).filter((s) => s.type === 'bar');
    expect(bars.map((s) => s.id)).toEqual([...trendCategories]);
    expect(new Set(bars.map((s) => s.stack))).toEqual(new Set([trendStack]));
    for (const s of bars) expect(s.barGap).toBe('0%');
    const line = (option.series as TSeries[]).find((s) => s.type === 'line');
    expect(line?.stack).toBeUndefined();
  });

  it("keeps the answer's own days without a range, and shows the tooltip's amounts as money", () => {
    const option = buildTrendOption(answer, texts);
    expect(option.xAxis.data).toEqual(['2026-11-21', '2026-11-24', '2026-11-26']);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const text = formatter([
      { axisValue: '2026-11-26', seriesId: 'compute', seriesName: 'Compute', marker: '' },
      { axisValue: '2026-11-26', seriesId: 'total', seriesName: 'Total', marker: '' },
    ]);
    expect(text).toBe('2026-11-26<br/>Compute: ¥2.50<br/>Total: ¥3.10');
  });
});

describe('trend days and amounts', () => {
  it('lists the days of a range across a month end, and none for a reversed one', () => {
    expect(daysOf({ startDate: '2026-02-27', endDate: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysOf({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([]);
    expect(completeTrend([point('2026-01-05', { compute: '1.00' })], range)).toHaveLength(7);
  });

  it('reads and writes yuan texts exactly', () => {
    expect(fenOf('12.3')).toBe(1230);
    expect(fenOf('0.07')).toBe(7);
    expect(fenOf('-1.50')).toBe(-150);
    expect(fenOf('abc')).toBe(0);
    expect(yuanOf(1230)).toBe('12.30');
    expect(yuanOf(7)).toBe('0.07');
    expect(yuanOf(-150)).toBe('-1.50');
  });
});

import type { TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import {
  axisAmount,
  buildTrendConfig,
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
  soFar: (date: string) => `${date} (today, so far)`,
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

type TDataset = { type?: string; label?: string; stack?: string; order?: number; data: number[] };

const datasetsOf = (config: ReturnType<typeof buildTrendConfig>) => config.data.datasets as TDataset[];
const totalOf = (config: ReturnType<typeof buildTrendConfig>) =>
  datasetsOf(config).find((d) => d.type === 'line') as TDataset;

describe('the trend configuration', () => {
  it('has a column for every day of the range, in order, today included', () => {
    const config = buildTrendConfig(answer, texts, range);
    expect(config.data.labels).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    for (const dataset of datasetsOf(config)) expect(dataset.data).toHaveLength(7);
  });

  it("keeps today's partial sum and fills only the days without consumption with zeros", () => {
    expect(totalOf(buildTrendConfig(answer, texts, range)).data).toEqual([0, 44.37, 0, 0, 25.27, 0, 3.1]);
  });

  it("makes each day's total the sum of its categories", () => {
    // The answer's total of the 24th disagrees with its categories by a cent: the line follows the bars.
    const skewed = [
      point('2026-11-24', { total: '25.28', compute: '15.65', storage: '8.85', network: '0.77' }),
    ];
    const config = buildTrendConfig(
      [...answer.slice(0, 1), ...skewed, answer[2] as TTrendPoint],
      texts,
      range,
    );
    const bars = datasetsOf(config).filter((d) => d.type === 'bar');
    const total = totalOf(config);
    total.data.forEach((value, day) => {
      const fen = bars.reduce((sum, d) => sum + Math.round((d.data[day] ?? 0) * 100), 0);
      expect(Math.round(value * 100)).toBe(fen);
    });
    expect(total.data[4]).toBe(25.27);
  });

  it('stacks the categories in one column per day, with the total line in a stack of its own over them', () => {
    const config = buildTrendConfig(answer, texts, range);
    const bars = datasetsOf(config).filter((d) => d.type === 'bar');
    expect(bars.map((d) => d.label)).toEqual(trendCategories.map((c) => texts.categories[c]));
    expect(new Set(bars.map((d) => d.stack))).toEqual(new Set([trendStack]));
    expect(config.options?.scales?.x?.stacked).toBe(true);
    expect(config.options?.scales?.y?.stacked).toBe(true);
    const line = totalOf(config);
    expect(line.stack).not.toBe(trendStack);
    // A lower order is drawn later: the line over the columns.
    for (const bar of bars) expect(line.order ?? 0).toBeLessThan(bar.order ?? 0);
    expect(config.options?.animation).toBe(false);
  });

  it("keeps the answer's own days without a range, and shows the tooltip's amounts as money", () => {
    const config = buildTrendConfig(answer, texts);
    expect(config.data.labels).toEqual(['2026-11-21', '2026-11-24', '2026-11-26']);
    const label = config.options?.plugins?.tooltip?.callbacks?.label as (item: TooltipItem<'bar'>) => string;
    const item = (datasetIndex: number) =>
      ({
        datasetIndex,
        dataIndex: 2,
        dataset: datasetsOf(config)[datasetIndex],
      }) as unknown as TooltipItem<'bar'>;
    expect(label(item(0))).toBe('Compute: ¥2.50');
    expect(label(item(4))).toBe('Total: ¥3.10');
  });
});

describe('the day under way', () => {
  const today = answer.map((p) => (p.date === '2026-11-26' ? { ...p, isPartial: true } : p));
  type TBarColour = (context: { dataIndex?: number }) => string;

  it('keeps today out of the total line, which ends at the last whole day', () => {
    const line = totalOf(buildTrendConfig(today, texts, range));
    expect(line.data).toEqual([0, 44.37, 0, 0, 25.27, 0, null]);
  });

  it("draws today's bars lighter, with the full colour for the other days and the legend", () => {
    const bars = datasetsOf(buildTrendConfig(today, texts, range)).filter((d) => d.type === 'bar');
    const colour = (bars[0] as unknown as { backgroundColor: TBarColour }).backgroundColor;
    expect(colour({ dataIndex: 1 })).toBe('#1664ff');
    expect(colour({ dataIndex: 6 })).toBe('#1664ff59');
    expect(colour({})).toBe('#1664ff');
    // Its bars keep what it consumed so far.
    expect(bars[0]?.data[6]).toBe(2.5);
  });

  it('says "so far" in its tooltip, with its total so far', () => {
    const config = buildTrendConfig(today, texts, range);
    const callbacks = config.options?.plugins?.tooltip?.callbacks as unknown as {
      title: (items: { dataIndex: number }[]) => string;
      footer: (items: { dataIndex: number }[]) => string;
    };
    expect(callbacks.title([{ dataIndex: 6 }])).toBe('2026-11-26 (today, so far)');
    expect(callbacks.footer([{ dataIndex: 6 }])).toBe('Total: ¥3.10');
    expect(callbacks.title([{ dataIndex: 1 }])).toBe('2026-11-21');
    expect(callbacks.footer([{ dataIndex: 1 }])).toBe('');
  });

  it('marks the day under way only where the answer says so', () => {
    expect(completeTrend(today, range).map((p) => p.isPartial)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
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

  it('labels the amount axis with grouped thousands', () => {
    expect(axisAmount(0)).toBe('0');
    expect(axisAmount(1234.5)).toBe('1,234.5');
    expect(axisAmount(1234567)).toBe('1,234,567');
    expect(axisAmount(-0.25)).toBe('-0.25');
    expect(axisAmount(0.1 + 0.2)).toBe('0.3');
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

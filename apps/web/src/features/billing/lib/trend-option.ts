/**
 * The trend chart's option: per day one column of stacked bars (one bar per category, all in the
 * same stack, no gap between them) and the day's total as a line, for every day of the range from
 * its first to its last (today included). A day the answer leaves out had no consumption: it
 * shows zeros. The total of a day is the sum of its categories, so the line sits on top of the
 * column. Charts read the yuan texts as numbers (display only); labels are formatted from the texts.
 */
import type { TSkuCategory } from '@console/contract/billing-enums';
import type { TTrendChartOption } from './charts';

export type TTrendPoint = {
  date: string;
  total: string;
  compute: string;
  storage: string;
  network: string;
  ai: string;
};

export const trendCategories: readonly TSkuCategory[] = ['compute', 'storage', 'network', 'ai'];

/** The stack of the category bars: one for all, so that a day is one column. */
export const trendStack = 'consumption';

const palette: Record<TSkuCategory | 'total', string> = {
  compute: '#1664ff',
  storage: '#14c9c9',
  network: '#ffa940',
  ai: '#9254de',
  total: '#1f2329',
};

export type TTrendTexts = {
  categories: Record<TSkuCategory, string>;
  total: string;
  /** Formats a yuan text as money of the page. */
  money: (text: string) => string;
};

/** The first and last day of the range (YYYY-MM-DD, inclusive). */
export type TTrendRange = { startDate: string; endDate: string };

const dayMs = 86_400_000;
const amountPattern = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/** "12.3" → 1230 fen; anything else → 0. Exact for the API's two-decimal texts. */
export function fenOf(text: string | undefined): number {
  const m = amountPattern.exec((text ?? '').trim());
  if (!m) return 0;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -fen : fen;
}

/** 1230 → "12.30". */
export function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Every day from the first to the last, inclusive (at most the range's own length). */
export function daysOf(range: TTrendRange): string[] {
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return [];
  const days: string[] = [];
  for (let at = start; at <= end; at += dayMs) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * One point per day of the range, in order: the answer's point of that day (its total made the sum
 * of its categories), or zeros for a day without consumption. Points outside the range are left
 * out; without a range, the answer's own days are kept.
 */
export function completeTrend(points: readonly TTrendPoint[], range?: TTrendRange): TTrendPoint[] {
  const byDate = new Map(points.map((p) => [p.date, p]));
  const days = range ? daysOf(range) : [...byDate.keys()].sort();
  return days.map((date) => {
    const point = byDate.get(date);
    const fen = trendCategories.map((c) => fenOf(point?.[c]));
    return {
      date,
      compute: yuanOf(fen[0] ?? 0),
      storage: yuanOf(fen[1] ?? 0),
      network: yuanOf(fen[2] ?? 0),
      ai: yuanOf(fen[3] ?? 0),
      total: yuanOf(fen.reduce((sum, v) => sum + v, 0)),
    };
  });
}

type TBarSeries = {
  id: TSkuCategory;
  type: 'bar';
  name: string;
  stack: string;
  barGap: string;
  barCategoryGap: string;
  barMaxWidth: number;
  emphasis: { focus: 'series' };
  data: number[];
};

type TLineSeries = {
  id: 'total';
  type: 'line';
  name: string;
  symbol: 'circle';
  symbolSize: number;
  z: number;
  data: number[];
};

export function buildTrendOption(
  points: readonly TTrendPoint[],
  texts: TTrendTexts,
  range?: TTrendRange,
): TTrendChartOption & { series: (TBarSeries | TLineSeries)[]; xAxis: { type: 'category'; data: string[] } } {
  const days = completeTrend(points, range);
  const byDate = new Map(days.map((p) => [p.date, p]));
  const bars = trendCategories.map(
    (category): TBarSeries => ({
      id: category,
      type: 'bar',
      name: texts.categories[category],
      stack: trendStack,
      // One column per day: the bars of a stack share it; no gap between series.
      barGap: '0%',
      barCategoryGap: '35%',
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      data: days.map((p) => fenOf(p[category]) / 100),
    }),
  );
  const total: TLineSeries = {
    id: 'total',
    type: 'line',
    name: texts.total,
    symbol: 'circle',
    symbolSize: 6,
    z: 3,
    data: days.map((p) => fenOf(p.total) / 100),
  };
  return {
    animation: false,
    color: [...trendCategories.map((c) => palette[c]), palette.total],
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const date = String((list[0] as { axisValue?: unknown } | undefined)?.axisValue ?? '');
        const point = byDate.get(date);
        if (!point) return date;
        const rows = list.map((item) => {
          const key = (item.seriesId ?? '') as TSkuCategory | 'total';
          return `${item.marker ?? ''}${item.seriesName ?? ''}: ${texts.money(point[key])}`;
        });
        return [date, ...rows].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: days.map((p) => p.date) },
    yAxis: { type: 'value' },
    series: [...bars, total],
  };
}

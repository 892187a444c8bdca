/**
 * The trend chart's configuration: per day one column of stacked bars (one bar per category, all in the
 * same stack, no gap between them) and the day's total as a line, for every day of the range from
 * its first to its last (today included). A day the answer leaves out had no consumption: it
 * shows zeros. The total of a day is the sum of its categories, so the line sits on top of the
 * column. The day under way (today, `isPartial`) has consumed only part of what it will: its
 * column is drawn lighter and the total line stops before it, so that an unfinished day never
 * reads as a fall; its tooltip says "so far" and gives its total. Charts read the yuan texts as
 * numbers (display only); labels are formatted from the texts.
 */
import type { TSkuCategory } from '@console/contract/billing-enums';
import type { TTrendChartConfig } from './charts';

export type TTrendPoint = {
  date: string;
  /** The day under way: its figures are what it consumed so far. */
  isPartial?: boolean;
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

/** The opacity of the day under way's bars (a hex alpha appended to the colour). */
const partialAlpha = '59';

export type TTrendTexts = {
  categories: Record<TSkuCategory, string>;
  total: string;
  /** The tooltip's title of the day under way: "2026-12-02 (today, so far)". */
  soFar: (date: string) => string;
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
      isPartial: point?.isPartial === true,
      compute: yuanOf(fen[0] ?? 0),
      storage: yuanOf(fen[1] ?? 0),
      network: yuanOf(fen[2] ?? 0),
      ai: yuanOf(fen[3] ?? 0),
      total: yuanOf(fen.reduce((sum, v) => sum + v, 0)),
    };
  });
}

/** An axis label: 1234.5 → "1,234.5", -0.25 → "-0.25" (the axis is in the page's currency). */
export function axisAmount(value: number): string {
  const [whole = '0', fraction] = String(Math.round(value * 100) / 100).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** The datasets' keys, in their order: the category bars, then the total line. */
export const trendSeries = [...trendCategories, 'total'] as const;

/**
 * The chart's configuration: labels are the days; the category bars share one stack (`trendStack`)
 * on a stacked axis, and the total line has a stack of its own, drawn over them.
 */
export function buildTrendConfig(
  points: readonly TTrendPoint[],
  texts: TTrendTexts,
  range?: TTrendRange,
): TTrendChartConfig {
  const days = completeTrend(points, range);
  const bars = trendCategories.map((category) => ({
    type: 'bar' as const,
    label: texts.categories[category],
    stack: trendStack,
    // The day under way's bar is lighter (the legend, with no day, keeps the full colour).
    backgroundColor: (context: { dataIndex?: number }) =>
      days[context.dataIndex ?? -1]?.isPartial ? `${palette[category]}${partialAlpha}` : palette[category],
    // One column per day: the bars of a stack share it.
    categoryPercentage: 0.65,
    barPercentage: 1,
    maxBarThickness: 28,
    order: 1,
    data: days.map((p) => fenOf(p[category]) / 100),
  }));
  const total = {
    type: 'line' as const,
    label: texts.total,
    stack: 'total',
    borderColor: palette.total,
    backgroundColor: palette.total,
    borderWidth: 2,
    pointRadius: 3,
    // Drawn last: over the columns.
    order: 0,
    // No point for the day under way: the line ends at the last whole day.
    data: days.map((p) => (p.isPartial ? null : fenOf(p.total) / 100)),
  };
  return {
    type: 'bar',
    data: { labels: days.map((p) => p.date), datasets: [...bars, total] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        // Days that do not fit are skipped rather than turned on their side.
        x: { stacked: true, grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 16 } },
        // Labelled here rather than by the library, whose number format costs the page's first
        // `Intl.NumberFormat` (tens of milliseconds) in the chart's drawing task.
        y: { stacked: true, beginAtZero: true, ticks: { callback: (value) => axisAmount(Number(value)) } },
      },
      plugins: {
        // The categories, then the total (the library orders by drawing order otherwise).
        legend: {
          position: 'top',
          align: 'start',
          labels: {
            boxWidth: 12,
            boxHeight: 12,
            sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
          },
        },
        tooltip: {
          itemSort: (a, b) => a.datasetIndex - b.datasetIndex,
          callbacks: {
            title: (items) => {
              const day = days[items[0]?.dataIndex ?? -1];
              if (!day) return '';
              return day.isPartial ? texts.soFar(day.date) : day.date;
            },
            // The day under way has no point on the line: its total so far closes the tooltip.
            footer: (items) => {
              const day = days[items[0]?.dataIndex ?? -1];
              return day?.isPartial ? `${texts.total}: ${texts.money(day.total)}` : '';
            },
            label: (item) => {
              const key = trendSeries[item.datasetIndex];
              const day = days[item.dataIndex];
              return `${item.dataset.label ?? ''}: ${key && day ? texts.money(day[key]) : ''}`;
            },
          },
        },
      },
    },
  };
}

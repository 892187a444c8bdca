/**
 * The trend chart's option: one stacked bar per category and day, and the day's total as a line.
 * Charts may read the yuan texts as numbers (display only); labels are formatted from the texts.
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

export function buildTrendOption(points: readonly TTrendPoint[], texts: TTrendTexts): TTrendChartOption {
  const byDate = new Map(points.map((p) => [p.date, p]));
  return {
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
    xAxis: { type: 'category', data: points.map((p) => p.date) },
    yAxis: { type: 'value' },
    series: [
      ...trendCategories.map(
        (category): BarSeriesOptionLike => ({
          id: category,
          type: 'bar',
          name: texts.categories[category],
          stack: 'amount',
          barMaxWidth: 28,
          data: points.map((p) => Number(p[category])),
        }),
      ),
      {
        id: 'total',
        type: 'line',
        name: texts.total,
        symbol: 'circle',
        data: points.map((p) => Number(p.total)),
      },
    ],
  };
}

type BarSeriesOptionLike = {
  id: string;
  type: 'bar';
  name: string;
  stack: string;
  barMaxWidth: number;
  data: number[];
};

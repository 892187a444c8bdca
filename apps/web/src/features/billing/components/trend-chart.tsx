import { Alert, Card, Empty, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoader, whenIdle } from '@/lib/lazy';
import type { TTrendChart } from '../lib/charts';
import {
  buildTrendOption,
  completeTrend,
  type TTrendPoint,
  type TTrendRange,
  trendCategories,
} from '../lib/trend-option';
import { useMoney } from './money';

/** The chart library (ECharts), a chunk of its own under the chunk-load timer. */
const loadCharts = chunkLoader(() => import('../lib/charts'));

/**
 * The range's daily consumption: per day one column of stacked bars (one per category) and the
 * total as a line (ECharts), for every day of the range. The chart library is fetched once the
 * figures are there and the browser is idle, so that the page's first paint does not wait for it;
 * the chart's box keeps its height meanwhile, so nothing below it moves.
 */
export function TrendChart({
  points,
  range,
}: {
  points: readonly TTrendPoint[] | undefined;
  /** The range's first and last day: every day of it gets a column, today included. */
  range?: TTrendRange | undefined;
}) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<TTrendChart | null>(null);
  const [state, setState] = useState<'waiting' | 'loading' | 'ready' | 'failed'>('waiting');
  const hasPoints = points !== undefined;
  const startDate = range?.startDate;
  const endDate = range?.endDate;
  const days = useMemo(
    () =>
      points ? completeTrend(points, startDate && endDate ? { startDate, endDate } : undefined) : undefined,
    [points, startDate, endDate],
  );
  const isEmpty = days?.every((d) => d.total === '0.00') === true;

  useEffect(() => {
    if (!hasPoints) return;
    let isLive = true;
    let observer: ResizeObserver | null = null;
    setState((s) => (s === 'waiting' ? 'loading' : s));
    // Three short tasks instead of one long one: the library's evaluation, the chart's creation,
    // then (the next effect) its drawing.
    let cancelCreate = () => {};
    const cancelLoad = whenIdle(() => {
      loadCharts().then(
        (charts) => {
          if (!isLive) return;
          cancelCreate = whenIdle(() => {
            if (!isLive || !element.current || chart.current) return;
            chart.current = charts.createChart(element.current);
            if (typeof ResizeObserver === 'function') {
              observer = new ResizeObserver(() => chart.current?.resize());
              observer.observe(element.current);
            }
            setState('ready');
          }, 500);
        },
        () => isLive && setState('failed'),
      );
    }, 1000);
    return () => {
      isLive = false;
      cancelLoad();
      cancelCreate();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [hasPoints]);

  useEffect(() => {
    if (state !== 'ready' || !chart.current || !days) return;
    const categories = Object.fromEntries(trendCategories.map((c) => [c, t(`categories.${c}`)])) as Record<
      (typeof trendCategories)[number],
      string
    >;
    chart.current.setOption(buildTrendOption(days, { categories, total: t('overview.trend.total'), money }), {
      notMerge: true,
    });
  }, [state, days, t, money]);

  return (
    <Card title={t('overview.trend.title')} data-testid="billing-trend">
      {state === 'failed' ? (
        // Only the chart library's chunk can fail here: the spec's load error.
        <Alert
          type="error"
          showIcon
          title={t('chunkLoadFailed', { ns: 'common' })}
          data-testid="billing-trend-failed"
        />
      ) : null}
      <Spin spinning={state !== 'ready' && state !== 'failed' && !isEmpty}>
        <div className="cz-billing__chart-box">
          <div
            ref={element}
            className="cz-billing__chart"
            data-testid="billing-trend-chart"
            data-points={days?.length ?? 0}
            data-state={state}
            style={{ visibility: isEmpty ? 'hidden' : 'visible' }}
          />
          {isEmpty ? (
            <Empty className="cz-billing__chart-empty" description={t('overview.trend.empty')} />
          ) : null}
        </div>
      </Spin>
    </Card>
  );
}

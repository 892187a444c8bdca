import { Alert, Card, Empty, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoader, whenIdle } from '@/lib/lazy';
import type { TTrendChart } from '../lib/charts';
import {
  buildTrendConfig,
  completeTrend,
  type TTrendPoint,
  type TTrendRange,
  trendCategories,
} from '../lib/trend-option';
import { useMoney } from './money';

/** The chart library (Chart.js), a chunk of its own under the chunk-load timer. */
const loadCharts = chunkLoader(() => import('../lib/charts'));
type TCharts = Awaited<ReturnType<typeof loadCharts>>;

/**
 * The range's daily consumption: per day one column of stacked bars (one per category) and the
 * total as a line (Chart.js), for every day of the range; today, the day under way, is drawn as
 * partial (lighter, out of the line) with a note that says so. The chart library is fetched once the
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
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<TTrendChart | null>(null);
  const [charts, setCharts] = useState<TCharts | null>(null);
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
  const hasPartialDay = days?.some((d) => d.isPartial) === true;

  // The library, once there are figures and the browser is idle.
  useEffect(() => {
    if (!hasPoints) return;
    let isLive = true;
    setState((s) => (s === 'waiting' ? 'loading' : s));
    const cancelLoad = whenIdle(() => {
      loadCharts().then(
        (module) => isLive && setCharts(module),
        () => isLive && setState('failed'),
      );
    }, 1000);
    return () => {
      isLive = false;
      cancelLoad();
    };
  }, [hasPoints]);

  // The chart: drawn with the library, then given each new range's days.
  useEffect(() => {
    if (!charts || !days || !canvas.current) return;
    const categories = Object.fromEntries(trendCategories.map((c) => [c, t(`categories.${c}`)])) as Record<
      (typeof trendCategories)[number],
      string
    >;
    const config = buildTrendConfig(days, {
      categories,
      total: t('overview.trend.total'),
      soFar: (date) => t('overview.trend.soFar', { date }),
      money,
    });
    const current = chart.current;
    if (current) {
      current.data = config.data;
      if (config.options) current.options = config.options;
      current.update();
      return;
    }
    // A browser without a 2D canvas (none the console supports) keeps the loading state.
    if (!canvas.current.getContext('2d')) return;
    chart.current = charts.createChart(canvas.current, config);
    setState('ready');
  }, [charts, days, t, money]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

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
            className="cz-billing__chart"
            data-testid="billing-trend-chart"
            data-points={days?.length ?? 0}
            data-partial-day={days?.find((d) => d.isPartial)?.date ?? ''}
            data-state={state}
            style={{ visibility: isEmpty ? 'hidden' : 'visible' }}
          >
            <canvas ref={canvas} role="img" aria-label={t('overview.trend.title')} />
          </div>
          {isEmpty ? (
            <Empty className="cz-billing__chart-empty" description={t('overview.trend.empty')} />
          ) : null}
        </div>
        {hasPartialDay && !isEmpty ? (
          <Typography.Text type="secondary" className="cz-billing__small" data-testid="billing-trend-partial">
            {t('overview.trend.partialNote')}
          </Typography.Text>
        ) : null}
      </Spin>
    </Card>
  );
}

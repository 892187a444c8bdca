import { Alert, Card, Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrendChart } from '../lib/charts';
import { buildTrendOption, type TTrendPoint, trendCategories } from '../lib/trend-option';
import { useMoney } from './money';

const loadCharts = () => import('../lib/charts');

/** The range's daily consumption: stacked bars per category and the total as a line (ECharts). */
export function TrendChart({ points }: { points: readonly TTrendPoint[] | undefined }) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<TTrendChart | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const isEmpty = points !== undefined && points.length === 0;

  useEffect(() => {
    let isLive = true;
    let observer: ResizeObserver | null = null;
    loadCharts().then(
      (charts) => {
        if (!isLive || !element.current) return;
        chart.current = charts.createChart(element.current);
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(element.current);
        }
        setState('ready');
      },
      () => isLive && setState('failed'),
    );
    return () => {
      isLive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (state !== 'ready' || !chart.current || !points) return;
    const categories = Object.fromEntries(trendCategories.map((c) => [c, t(`categories.${c}`)])) as Record<
      (typeof trendCategories)[number],
      string
    >;
    chart.current.setOption(
      buildTrendOption(points, { categories, total: t('overview.trend.total'), money }),
      { notMerge: true },
    );
  }, [state, points, t, money]);

  return (
    <Card title={t('overview.trend.title')} data-testid="billing-trend">
      {state === 'failed' ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      <Spin spinning={state === 'loading' || points === undefined}>
        <div className="cz-billing__chart-box">
          <div
            ref={element}
            className="cz-billing__chart"
            data-testid="billing-trend-chart"
            data-points={points?.length ?? 0}
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

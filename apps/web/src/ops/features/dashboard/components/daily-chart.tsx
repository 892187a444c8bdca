/**
 * One of the dashboard's daily charts (Chart.js, as the customers' billing trend draws it): the 30
 * billing days as columns, or a line. The library is fetched once the figures are there and the
 * browser is idle; the chart's box keeps its height meanwhile, so nothing below it moves.
 */
import { Card, Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { designTokens } from '@/config/design-tokens';
import { chunkLoader, whenIdle } from '@/lib/lazy';
import type { TDailyChart, TDailyChartConfig } from '../lib/charts';

const loadCharts = chunkLoader(() => import('../lib/charts'));
type TCharts = Awaited<ReturnType<typeof loadCharts>>;

export type TDailySeries = {
  label: string;
  values: number[];
  kind: 'bar' | 'line';
  color: string;
};

type TDailyChartProps = {
  title: string;
  /** The days' labels (`MM-DD`), oldest first. */
  days: string[];
  series: TDailySeries[];
  /** How a value reads in the tooltip and on the axis (money with 2 decimals and its currency). */
  format: (value: number) => string;
  /** Counts: the axis marks whole numbers only. */
  isInteger?: boolean;
  testId: string;
  empty: string;
};

function configOf(props: TDailyChartProps): TDailyChartConfig {
  return {
    type: 'bar',
    data: {
      labels: props.days,
      datasets: props.series.map((s) => ({
        type: s.kind,
        label: s.label,
        data: s.values,
        backgroundColor: s.color,
        borderColor: s.color,
        borderWidth: s.kind === 'line' ? 2 : 0,
        pointRadius: s.kind === 'line' ? 2 : 0,
        tension: 0.2,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: props.series.length > 1, position: 'bottom' },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label}: ${props.format(Number(item.raw))}` },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
        y: {
          beginAtZero: true,
          grid: { color: designTokens.colorBorderSecondary },
          ticks: {
            callback: (value) => props.format(Number(value)),
            maxTicksLimit: 5,
            ...(props.isInteger ? { precision: 0 } : {}),
          },
        },
      },
    },
  };
}

export function DailyChart(props: TDailyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<TDailyChart | null>(null);
  const [charts, setCharts] = useState<TCharts | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const isEmpty = props.series.every((s) => s.values.every((v) => v === 0));

  useEffect(() => {
    let isLive = true;
    const cancel = whenIdle(() => {
      loadCharts().then(
        (module) => isLive && setCharts(module),
        () => isLive && setState('failed'),
      );
    }, 1000);
    return () => {
      isLive = false;
      cancel();
    };
  }, []);

  useEffect(() => {
    if (!charts || !canvas.current) return;
    const config = configOf(props);
    if (chart.current) {
      chart.current.data = config.data;
      if (config.options) chart.current.options = config.options;
      chart.current.update();
      return;
    }
    if (!canvas.current.getContext('2d')) return;
    chart.current = charts.createChart(canvas.current, config);
    setState('ready');
  });

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <Card title={props.title} size="small" data-testid={props.testId} className="cz-ops-dash__chart-card">
      <Spin spinning={state === 'loading' && !isEmpty}>
        <div className="cz-ops-dash__chart-box" data-state={state}>
          <div className="cz-ops-dash__chart" style={{ visibility: isEmpty ? 'hidden' : 'visible' }}>
            <canvas ref={canvas} role="img" aria-label={props.title} />
          </div>
          {isEmpty ? <Empty className="cz-ops-dash__chart-empty" description={props.empty} /> : null}
        </div>
      </Spin>
    </Card>
  );
}

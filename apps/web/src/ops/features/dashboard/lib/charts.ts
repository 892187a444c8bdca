/**
 * Chart.js for the dashboard's daily charts, registered modularly (bar and line controllers, the
 * category and linear scales, tooltip and legend) as the customers' billing trend does (decision
 * 0035), in a chunk loaded on demand by the dashboard only.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { designTokens } from '@/config/design-tokens';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);
Chart.defaults.font.family = designTokens.fontFamily;
Chart.defaults.font.size = 12;
Chart.defaults.color = designTokens.colorTextSecondary;

export type TDailyChartConfig = ChartConfiguration<'bar' | 'line', number[], string>;
export type TDailyChart = Chart<'bar' | 'line', number[], string>;

/** Draws the chart on the canvas; it follows its box's size by itself. */
export function createChart(canvas: HTMLCanvasElement, config: TDailyChartConfig): TDailyChart {
  return new Chart(canvas, config);
}

/**
 * Chart.js as the billing overview uses it, registered modularly (the bar and line controllers,
 * the category and linear scales, tooltip and legend) so that its chunk stays small: about a third
 * of ECharts', and a shorter drawing task (decision 0035). Loaded on demand by the
 * trend chart, never by another page.
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

/** A day's value; null: no point (the total line leaves out the day under way). */
export type TTrendChartConfig = ChartConfiguration<'bar' | 'line', (number | null)[], string>;

export type TTrendChart = Chart<'bar' | 'line', (number | null)[], string>;

/** Draws the chart on the canvas; it follows its box's size by itself. */
export function createChart(canvas: HTMLCanvasElement, config: TTrendChartConfig): TTrendChart {
  return new Chart(canvas, config);
}

/**
 * ECharts as the billing overview uses it, imported modularly (bar and line charts, grid, tooltip
 * and legend, the canvas renderer) so that its chunk stays small. Loaded on demand by the trend
 * chart, never by another page.
 */
import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type TTrendChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export type TTrendChart = EChartsType;

export function createChart(element: HTMLElement): TTrendChart {
  return init(element, undefined, { renderer: 'canvas' });
}

import { createRequire } from 'node:module';
import type * as ECharts from 'echarts';
import { esc, formatNumber, type NumberStyle } from './html.ts';

let loaded: typeof ECharts | null = null;
/**
 * ECharts, loaded at the first chart: its ES modules are some 590 files, half a second at the start
 * of every `ipo` process, though only publishing draws charts; its CommonJS bundle is one file.
 */
function echarts(): typeof ECharts {
  loaded ??= createRequire(import.meta.url)('echarts') as typeof ECharts;
  return loaded;
}

/** One bar series; several series are stacked. A null value draws no bar. */
export interface ChartSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

export interface BarChartSpec {
  /** Unique on the page: prefixes the SVG's ids, so two charts never share one. */
  id: string;
  /** The accessible name, also the <title> of the SVG. */
  title: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  style: NumberStyle;
  /** Bars run left to right with the categories down the side (long labels, many rows). */
  horizontal?: boolean;
}

const WIDTH = 640;

/** Axis ticks are round numbers: whole percents and millions. */
function axisNumber(value: number, style: NumberStyle): string {
  const whole = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  if (style === 'pct') return `${value > 0 ? '+' : ''}${whole(value)}%`;
  if (style === 'millions') return `$${whole(value / 1e6)}M`;
  if (style === 'usd') return `$${whole(value)}`;
  return whole(value);
}

/** The smallest tick step that `axisNumber` shows exactly, so no two ticks read the same. */
const TICK_STEP: Record<NumberStyle, number> = { int: 1, usd: 1, pct: 1, millions: 1e6 };
const ROW_HEIGHT = 26;
/** Muted colours that read on white and in print; the stylesheet sets nothing inside the SVG. */
const PALETTE = ['#2f5d8a', '#d08a2e', '#5b8c5a', '#8a4f7d', '#7a7a7a'];
const FONT = { fontFamily: 'system-ui, sans-serif', fontSize: 12, color: '#333' };

/**
 * A bar chart rendered to SVG on the server by ECharts (SSR mode: no DOM, no canvas; text widths
 * are estimated from a fixed table, so the output depends on the input alone). ECharts numbers its
 * instances with a process-wide counter; the ids it derives from that are replaced by the chart's
 * own, so a rebuild renders the same bytes whatever was rendered before.
 */
export function barChart(spec: BarChartSpec): string {
  const rows = spec.categories.length;
  const height = spec.horizontal ? Math.max(120, 60 + rows * ROW_HEIGHT) : 280;
  const stacked = spec.series.length > 1;
  const label = (v: number) => formatNumber(v, spec.style);
  const categoryAxis = { type: 'category' as const, data: [...spec.categories], inverse: Boolean(spec.horizontal), axisLabel: { ...FONT, interval: 0 }, axisTick: { show: false } };
  const valueAxis = { type: 'value' as const, minInterval: TICK_STEP[spec.style], axisLabel: { ...FONT, formatter: (v: number) => axisNumber(v, spec.style) }, splitLine: { lineStyle: { color: '#e4e4e4' } } };
  const chart = echarts().init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height });
  try {
    chart.setOption({
      animation: false,
      color: PALETTE,
      textStyle: FONT,
      grid: { left: 12, right: 48, top: stacked ? 36 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      legend: stacked ? { top: 4, left: 8, textStyle: FONT, silent: true } : { show: false },
      xAxis: spec.horizontal ? valueAxis : categoryAxis,
      yAxis: spec.horizontal ? categoryAxis : valueAxis,
      series: spec.series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: [...s.values],
        stack: stacked ? 'total' : undefined,
        silent: true,
        barMaxWidth: 36,
        label: { show: !stacked, position: spec.horizontal ? 'right' : 'top', ...FONT, formatter: ({ value }: { value: unknown }) => label(Number(value)) },
      })),
    });
    return finish(chart.renderToSVGString({ useViewBox: true }), spec);
  } finally {
    chart.dispose();
  }
}

/**
 * The chart is static, so what ECharts adds for interaction goes: the hover rules (a <style> and the
 * classes it targets) and the hydration metadata. Inline styles become presentation attributes, so
 * the page needs no inline CSS. Ids (clip paths) are renamed after the chart, and the SVG gets an
 * accessible name; its size comes from the viewBox.
 */
function finish(svg: string, spec: BarChartSpec): string {
  const id = `chart-${spec.id.replace(/[^\w-]/g, '')}`;
  const body = svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/ class="zr\d+-cls-\d+"/g, '')
    .replace(/ ecmeta_\w+="[^"]*"/g, '')
    .replace(/ style="([^"]*)"/g, (_, css: string) => presentationAttributes(css))
    .replace(/\bzr\d+-/g, `${id}-`)
    .replace(/\n+/g, '\n')
    .trim();
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? `0 0 ${WIDTH} 280`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" class="chart" role="img" aria-labelledby="${id}-title">` +
    `<title id="${id}-title">${esc(spec.title)}</title>\n${body}`
  );
}

/** `font-size:12px;font-family:x;` → ` font-size="12px" font-family="x"` (SVG presentation attributes). */
function presentationAttributes(css: string): string {
  return css
    .split(';')
    .map((decl) => decl.split(':'))
    .filter(([name, value]) => name?.trim() && value?.trim())
    .map(([name, ...value]) => ` ${name.trim()}="${value.join(':').trim()}"`)
    .join('');
}

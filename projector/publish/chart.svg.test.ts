import { describe, expect, it } from 'vitest';
import { barChart } from './chart.svg.ts';

/** The texts of an SVG in document order. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

describe('bar chart axes', () => {
  // A pipeline with one registration: ECharts would step the count axis by 0.2 and print 0 0 0 1 1 1.
  it('steps a count axis by whole numbers, so no two ticks read the same', () => {
    const svg = barChart({
      id: 'pipeline',
      title: 'IPO registrations in progress, by stage',
      categories: ['Filed', 'Amended', 'Effective'],
      series: [{ name: 'Registrations', values: [0, 0, 1] }],
      style: 'int',
      horizontal: true,
    });
    // ECharts writes the category labels, then the value axis's ticks, then one label per bar.
    const all = texts(svg);
    const axis = all.slice(3, all.length - 3);
    expect(axis).toEqual(['0', '1']);
  });

  it('steps a money axis by whole millions', () => {
    const svg = barChart({ id: 'proceeds', title: 'Proceeds', categories: ['Apr'], series: [{ name: 'IPO', values: [1_500_000] }], style: 'millions' });
    const ticks = texts(svg).filter((t) => /^\$\d+M$/.test(t));
    expect(ticks.length).toBeGreaterThan(1);
    expect(new Set(ticks).size).toBe(ticks.length);
  });
});

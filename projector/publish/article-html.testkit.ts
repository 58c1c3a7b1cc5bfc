/** Test-only: what a reader sees of an article's HTML, by heading, list item and chart label. */
import { plain } from './html.ts';

/** The HTML of an <h2> section, up to the next <h2>. */
export const section = (html: string, heading: string) => html.split(`<h2>${heading}</h2>`)[1]!.split('<h2>')[0];
/** The HTML of an <h3> subsection, up to the next heading. */
export const subsection = (html: string, heading: string) => (html.split(`<h3>${heading}</h3>`)[1] ?? '').split(/<h[23]>/)[0];
export const items = (html: string) => [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => plain(m[1]));
/** The text labels of a chart (its categories, axis ticks and bar values). */
export const chartTexts = (html: string, id: string) =>
  [...new RegExp(`<svg[^>]*aria-labelledby="chart-${id}-title"[\\s\\S]*?</svg>`).exec(html)![0].matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]);

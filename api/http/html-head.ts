import { escapeXml } from '../../schema/feeds/feed.render.ts';

/** The opening of every HTML page the service renders, up to `</head>`; `links` are the page's own head lines. */
export function htmlHead(title: string, links: readonly string[]): string[] {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    ...links,
    '</head>',
  ];
}

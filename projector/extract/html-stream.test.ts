import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { streamHtml, type ElementHandler } from './html-stream.ts';
import { nestedDivs, unclosedTables } from './hostile-inputs.ts';
import { SAMPLES, sampleText } from './test-docs.ts';

/** Every event as one string: `<name{attribs}`, `"text`, `/name`. */
function recorder(): { handler: ElementHandler; events: string[] } {
  const events: string[] = [];
  return {
    events,
    handler: {
      onopentag: (name, attribs) => events.push(`<${name}${JSON.stringify(attribs)}`),
      ontext: (text) => events.push(`"${text}`),
      onclosetag: (name) => events.push(`/${name}`),
    },
  };
}

function parserEvents(html: string): string[] {
  const { handler, events } = recorder();
  const parser = new Parser(handler, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return events;
}

function streamEvents(html: string, maxDepth = 10_000, attributes?: string[]): string[] {
  const { handler, events } = recorder();
  streamHtml(html, handler, { maxDepth, attributes });
  return events;
}

/** The Parser's events with only the `style` attribute of each open tag. */
function styleOnly(events: string[]): string[] {
  return events.map((e) => {
    const open = /^<([^{]*)(\{.*\})$/.exec(e);
    if (!open) return e;
    const { style } = JSON.parse(open[2]) as Record<string, string>;
    return `<${open[1]}${JSON.stringify(style === undefined ? {} : { style })}`;
  });
}

// Fragments that exercise every rule of tree building: implied closes, void elements, svg and
// math, `</p>` and `</br>`, stray and unterminated tags, entities, comments, raw text.
const FRAGMENTS = [
  '<p>', '</p>', '<div>', '</div>', '<table>', '</table>', '<tr>', '</tr>', '<td>', '</td>', '<th>', '<tbody>', '<thead>',
  '<tfoot>', '<b>', '</b>', '<br>', '</br>', '<br/>', '<hr>', '<img src=x>', '</img>', '<svg>', '</svg>', '<math>', '</math>',
  '<mi>', '</mi>', '<title>', '</title>', '<foreignObject>', '</foreignObject>', '<desc>', '<g/>', '<p/>', '<li>', '<ul>',
  '</ul>', '<dd>', '<dt>', '<select>', '<option>', '<input>', '<h1>', '</h1>', '<script>', '</script>', '<style>',
  '<!-- note -->', '<![CDATA[x]]>', '<!DOCTYPE html>', '<?xml x?>', '</span>', '</ p>', '<body>', '<head>', '<link>',
  '<DIV STYLE="display:none">', '<font style="font-weight:bold" style="x">', '<a href="x&amp;y">', 'text ', '&amp;',
  '&nbsp;', '&#8212;', '&copy', '<', '>', '&', '"',
  // Entities the tokenizer decodes itself (html-tokenizer.ts), and their near misses left to the decoder.
  '&nbsp', '&NBSP;', '&amp', '&#160;', '&#0;', '&#128;', '&#159;', '&#x41;', '&#65', '&#55296;', '&#1114111;', '&#1114112;',
  '&#12345678;', '&#;',
  // Names as EDGAR writes them: upper and mixed case, attributes of the length of `style`, unquoted values.
  '<TD STYLE="font-weight:bold">', '</TD >', '<Td WIDTH=5 Align="right">', '<FONT sTyLe=\'display:none\'>', '</FONT>',
  '<p class="x" style="a&amp;b">', '<td\tstyle\n=\r"x">', '<a =b>',
  // Names that share a length and first and last letters (one slot of the tag-name cache).
  '<font>', '<fant>', '</fant>', '<tr/>', '<th>', '</th>',
];

describe('streamHtml', () => {
  it('gives the same events as htmlparser2’s Parser on any mix of tree-building fragments', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (parts) => {
        const html = parts.join('');
        expect(streamEvents(html)).toEqual(parserEvents(html));
      }),
      { numRuns: 2000, seed: 20_261_124 },
    );
  });

  it('gives the same events as htmlparser2’s Parser on every real prospectus we hold', () => {
    for (const name of Object.keys(SAMPLES) as Array<keyof typeof SAMPLES>) {
      const html = sampleText(name);
      expect(streamEvents(html), SAMPLES[name]).toEqual(parserEvents(html));
    }
  });

  it('reports only the attributes asked for, with the same values', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS, '<p style="a&amp;b" STYLE=c class=\'x\'>', "<td style='x'>"), { maxLength: 60 }), (parts) => {
        const html = parts.join('');
        expect(streamEvents(html, 10_000, ['style'])).toEqual(styleOnly(parserEvents(html)));
      }),
      { numRuns: 1000, seed: 20_261_127 },
    );
    const html = sampleText('flushing');
    expect(streamEvents(html, 10_000, ['style'])).toEqual(styleOnly(parserEvents(html)));
  });

  it('flattens elements below the depth budget: their text is read, their own close tags are dropped', () => {
    const html = '<div><div><b>deep <i>er</i></b> text</div>after</div>';
    expect(streamEvents(html, 2)).toEqual([
      '<div{}', '<div{}', '<b{}', '/b', '"deep ', '<i{}', '/i', '"er', '" text', '/div', '"after', '/div',
    ]);
    expect(streamHtml(html, recorder().handler, { maxDepth: 2 })).toEqual({ flattened: 2 });
    expect(streamHtml(html, recorder().handler, { maxDepth: 3 })).toEqual({ flattened: 1 });
    expect(streamHtml(html, recorder().handler, { maxDepth: 4 })).toEqual({ flattened: 0 });
  });

  it('closing an element below the flattened ones forgets them', () => {
    // The stray </b> after </div> closes nothing: the flattened <b> was inside the closed <div>.
    expect(streamEvents('<div><b>x</div></b>y', 1)).toEqual(['<div{}', '<b{}', '/b', '"x', '/div', '"y']);
  });

  it('reads 200,000 unclosed tables and 200,000 nested divs in bounded depth, with every word', () => {
    let words = 0;
    let open = 0;
    let deepest = 0;
    const handler: ElementHandler = {
      onopentag: () => (deepest = Math.max(deepest, ++open)),
      ontext: (text) => (words += text.split(/\s+/).filter(Boolean).length),
      onclosetag: () => open--,
    };
    // html, body and 170 table-tr-td fill the 512; past them each <table> is flattened, and each
    // <tr> closes the td and tr on top (as HTML does), so its own tr and td fit again.
    expect(streamHtml(unclosedTables(), handler, { maxDepth: 512 }).flattened).toBe(200_000 - 170);
    expect(words).toBe(200_000);
    expect(open).toBe(0);
    expect(deepest).toBe(513); // the budget, plus one flattened element open for the length of its open/close pair
    words = 0;
    expect(streamHtml(nestedDivs(), handler, { maxDepth: 512 }).flattened).toBe(200_000 + 2 - 512);
    expect(words).toBe(1);
    expect(open).toBe(0);
  });
});

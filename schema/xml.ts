import { XMLParser } from 'fast-xml-parser';

/** XML read into plain objects the way the feed parsers expect: attributes as `@_name`, no namespace prefixes, text kept as text. */

export type XmlNode = Record<string, unknown>;

export function parseXml(xml: string): XmlNode {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: true,
    htmlEntities: true,
    parseTagValue: false,
  }).parse(xml) as XmlNode;
}

/** A repeated element is an array, a single one an object: always an array here. */
export const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Element text whether the parser gave a string or an object with `#text` (attributes present). */
export function xmlText(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (typeof v === 'object' && '#text' in (v as XmlNode)) return xmlText((v as XmlNode)['#text']);
  return null;
}

/** The `href` of an Atom entry's alternate link (or its only link). */
export function atomLink(links: unknown): string | null {
  const all = asArray(links as XmlNode | XmlNode[]);
  const alt = all.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? all[0];
  return alt ? xmlText(alt['@_href']) : null;
}

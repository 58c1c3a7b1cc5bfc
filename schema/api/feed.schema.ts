import { object, string, type JsonSchema } from './json-schema.ts';
import { ARTICLE_KINDS } from './vocabulary.ts';

/** The JSON Feed 1.1 document served at /articles/feed.json (the members this service writes). */
export const JsonFeedItemSchema: JsonSchema = object({
  id: string({ description: 'Stable URN of the article (urn:ipo-research:article:<id>); independent of the host.' }),
  url: string({ format: 'uri', description: 'Absolute URL of the article page.' }),
  title: string(),
  content_html: string({ description: 'The article as an HTML fragment (tables, source notes, SVG charts); links are absolute.' }),
  summary: string({ description: 'Plain-text summary.' }),
  date_published: string({ format: 'date-time' }),
  tags: { type: 'array', items: { type: 'string', enum: [...ARTICLE_KINDS] }, description: 'The article kind.' },
});

export const JsonFeedAuthorSchema: JsonSchema = object({ name: string() });

export const JsonFeedSchema: JsonSchema = object({
  version: string({ enum: ['https://jsonfeed.org/version/1.1'] }),
  title: string(),
  home_page_url: string({ format: 'uri' }),
  feed_url: string({ format: 'uri' }),
  language: string({ enum: ['en'] }),
  authors: { type: 'array', items: JsonFeedAuthorSchema },
  items: { type: 'array', items: JsonFeedItemSchema, description: 'Published articles, newest first.' },
});

import { padCik } from '../cik.ts';

/**
 * Parser for SEC `company_tickers.json` (object keyed by row index) and its columnar sibling
 * `company_tickers_exchange.json` (`{fields, data}`), which adds the exchange.
 */
export interface CompanyTickerRow {
  /** 10-digit CIK. */
  cik: string;
  ticker: string;
  title: string;
  /** Only `company_tickers_exchange.json` carries it. */
  exchange: string | null;
  /** Position in the file: SEC lists a company's primary class first. */
  order: number;
}

export class CompanyTickersParseError extends Error {}

export function parseCompanyTickers(input: Buffer | string): CompanyTickerRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (error) {
    throw new CompanyTickersParseError(`company tickers body is not JSON: ${(error as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new CompanyTickersParseError('company tickers body is not a JSON object');
  }
  const record = doc as Record<string, unknown>;
  if (Array.isArray(record.fields) && Array.isArray(record.data)) return columnar(record.fields, record.data);
  const rows: CompanyTickerRow[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!/^\d+$/.test(key)) throw new CompanyTickersParseError(`unexpected key ${JSON.stringify(key)}`);
    const row = value as Record<string, unknown> | null;
    const made = rowOf(row?.cik_str, row?.ticker, row?.title, null, Number(key));
    if (typeof made === 'string') throw new CompanyTickersParseError(`row ${key}: ${made}`);
    rows.push(made);
  }
  return rows.sort((a, b) => a.order - b.order);
}

function columnar(fields: unknown[], data: unknown[]): CompanyTickerRow[] {
  const at = (name: string) => fields.indexOf(name);
  const [cik, name, ticker, exchange] = [at('cik'), at('name'), at('ticker'), at('exchange')];
  if (cik < 0 || ticker < 0) throw new CompanyTickersParseError('columnar file lacks cik or ticker fields');
  return data.map((entry, i) => {
    if (!Array.isArray(entry)) throw new CompanyTickersParseError(`row ${i} is not an array`);
    const made = rowOf(entry[cik], entry[ticker], name >= 0 ? entry[name] : '', exchange >= 0 ? entry[exchange] : null, i);
    if (typeof made === 'string') throw new CompanyTickersParseError(`row ${i}: ${made}`);
    return made;
  });
}

function rowOf(cik: unknown, ticker: unknown, title: unknown, exchange: unknown, order: number): CompanyTickerRow | string {
  const cikText = String(cik ?? '');
  if (!/^\d{1,10}$/.test(cikText)) return `invalid cik ${JSON.stringify(cik)}`;
  const tickerText = String(ticker ?? '').trim().toUpperCase();
  if (!tickerText) return 'empty ticker';
  const exchangeText = exchange === null || exchange === undefined ? '' : String(exchange).trim();
  return {
    cik: padCik(cikText),
    ticker: tickerText,
    title: String(title ?? '').trim(),
    exchange: exchangeText === '' ? null : exchangeText,
    order,
  };
}

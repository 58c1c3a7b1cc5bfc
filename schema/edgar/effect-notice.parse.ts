import { XMLParser } from 'fast-xml-parser';
import { padCik } from '../cik.ts';

/**
 * Parser for the SEC-generated EFFECT notice (`xslEFFECTX01/primary_doc.xml`): the notice that a
 * registration statement (or a post-effective amendment) became effective.
 */
export interface EffectNoticeFiler {
  /** 10-digit CIK. */
  cik: string;
  entityName: string | null;
  fileNumber: string | null;
}

export interface EffectNotice {
  /** Always EFFECT for these notices. */
  submissionType: string;
  act: string | null;
  /** YYYY-MM-DD. */
  effectiveDate: string;
  /** HH:MM:SS (Eastern) when given; notices for post-effective amendments often omit it. */
  effectiveTime: string | null;
  /** The form that became effective: `S-1` from `<form>`, or `POS AM` from the inner `<submissionType>`. */
  form: string | null;
  /** Accession of the amendment made effective (present on POS AM notices). */
  accessionNumber: string | null;
  filers: EffectNoticeFiler[];
}

export class EffectNoticeParseError extends Error {}

// Values stay strings: a CIK like 0000038723 or a file number must not be read as a number.
const parser = (): XMLParser => new XMLParser({ parseTagValue: false, ignoreAttributes: true, trimValues: true });

export function parseEffectNotice(input: Buffer | string): EffectNotice {
  const xml = typeof input === 'string' ? input : input.toString('utf8');
  let doc: Record<string, any>;
  try {
    doc = parser().parse(xml, true);
  } catch (error) {
    throw new EffectNoticeParseError(`EFFECT notice is not well-formed XML: ${String(error)}`);
  }
  const root = doc.edgarSubmission;
  if (!root || typeof root !== 'object') throw new EffectNoticeParseError('no <edgarSubmission> root');
  const data = root.effectiveData;
  if (!data || typeof data !== 'object') throw new EffectNoticeParseError('no <effectiveData>');
  const effectiveDate = text(data.finalEffectivenessDispDate);
  if (!effectiveDate || !/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate)) {
    throw new EffectNoticeParseError(`invalid effectiveness date ${JSON.stringify(data.finalEffectivenessDispDate)}`);
  }
  const filerNodes: any[] = Array.isArray(data.filer) ? data.filer : data.filer ? [data.filer] : [];
  const filers = filerNodes.map((filer) => {
    const cik = text(filer.cik);
    if (!cik || !/^\d{1,10}$/.test(cik)) throw new EffectNoticeParseError(`invalid filer cik ${JSON.stringify(filer.cik)}`);
    return { cik: padCik(cik), entityName: text(filer.entityName), fileNumber: text(filer.fileNumber) };
  });
  if (filers.length === 0) throw new EffectNoticeParseError('notice names no filer');
  return {
    submissionType: text(root.submissionType) ?? 'EFFECT',
    act: text(root.act),
    effectiveDate,
    effectiveTime: text(data.finalEffectivenessDispTime),
    form: text(data.form) ?? text(data.submissionType),
    accessionNumber: text(data.accessionNumber),
    filers,
  };
}

function text(value: unknown): string | null {
  if (value === null || value === undefined || typeof value === 'object') return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Yes/no facts read off the prospectus cover, for the deal-type and classification rules
 * (domain §2.4). Each is literal: a phrase is on the cover or it is not.
 */
import type { ProspectusDoc } from './prospectus-reader.ts';
import { findRegions, findSection, type Region } from './doc-regions.ts';

export interface CoverSignals {
  initialPublicOffering: boolean;
  noPublicMarket: boolean;
  listedUnderSymbol: boolean;
  applyingToList: boolean;
  otcQuoted: boolean;
  blankCheck: boolean;
  trustAccount: boolean;
  directListing: boolean;
  resale: boolean;
  sellingStockholders: boolean;
  issuerReceivesNoProceeds: boolean;
  underwritten: boolean;
  bestEfforts: boolean;
  selfUnderwritten: boolean;
  prospectusSupplement: boolean;
  priceRangeStated: boolean;
  fixedPriceStated: boolean;
  debtOffering: boolean;
}

const RULES: Array<[keyof CoverSignals, RegExp]> = [
  ['initialPublicOffering', /\bthis is (?:an|our|the) initial public offering\b|\b(?:the|our) initial public offering price\b(?! less)/i],
  ['noPublicMarket', /\bno (?:established )?public (?:trading )?market (?:currently )?exists\b|\bthere (?:has|have) been no (?:established )?public (?:trading )?market\b|\bthere is (?:currently )?no (?:established )?public (?:trading )?market\b|\bno public market (?:currently )?exists\b/i],
  ['listedUnderSymbol', /\b(?:is|are) (?:currently )?(?:listed|traded) on (?:the )?[^.]{0,60}under the (?:trading )?symbol\b/i],
  ['applyingToList', /\b(?:applied|intend to apply|will apply|been approved|approved) (?:for listing|to (?:have our [^.]{0,40})?list)/i],
  ['otcQuoted', /\bOTCQB\b|\bOTCQX\b|\bOTC Pink\b|\bOTC Markets\b|\bquoted on the OTC\b|\bOTC Bulletin Board\b/i],
  ['blankCheck', /\bblank check\b|\bspecial purpose acquisition\b/i],
  ['trustAccount', /\btrust account\b/i],
  ['directListing', /\bdirect listing\b|\bregistered stockholders\b|\breference price\b|\bnot an underwritten offering\b/i],
  ['resale', /\b(?:offer and )?resell\b|\bresale\b/i],
  ['sellingStockholders', /\bselling (?:stock|share)holders?\b/i],
  ['issuerReceivesNoProceeds', /\bwe will not receive any (?:of the )?proceeds\b/i],
  ['underwritten', /\bunderwriting discounts?\b|\bunderwriters?\b(?! within the meaning)/i],
  ['bestEfforts', /\bbest[- ]efforts\b/i],
  ['selfUnderwritten', /\bself[- ]underwritten\b/i],
  ['prospectusSupplement', /\bprospectus supplement\b|\(to prospectus dated\b/i],
  ['priceRangeStated', /\bbetween \$\s?\d[\d,.]*\s+and \$\s?\d/i],
  ['fixedPriceStated', /\b(?:public )?offering price (?:is|of|will be|is to be fixed at|is fixed at) \$\s?\d/i],
  ['debtOffering', /\b(?:senior |subordinated )?notes due \d{4}\b|\bindenture\b/i],
];

export function coverSignals(doc: ProspectusDoc): CoverSignals {
  const regions = findRegions(doc);
  const text = textOf(doc, regions.cover);
  const out = {} as CoverSignals;
  for (const [key, re] of RULES) out[key] = re.test(text);
  // The resale and direct-listing phrases must be about this offering, not exercise mechanics.
  out.resale = out.resale && out.sellingStockholders;
  out.underwritten = out.underwritten && !/\bnot an underwritten offering\b/i.test(text);
  if (!out.underwritten) out.underwritten = findSection(doc, /^underwriting\b/i, regions.cover.end) !== null;
  return out;
}

function textOf(doc: ProspectusDoc, region: Region): string {
  const parts: string[] = [];
  for (let i = region.start; i < region.end; i++) parts.push(doc.blocks[i].text);
  return parts.join('\n');
}

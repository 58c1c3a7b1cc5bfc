/**
 * What an issuer is, by the evidence Ritter's bank, REIT and partnership exclusions read
 * (ritter-exclusions.derive.ts): its SIC, the vendor's industry classification, its name. Each name
 * pattern was checked against the Bloomberg export's own classification of its 4,558 US rows.
 */
import type { IpoTableRow } from '../market/ipo-table.parse.ts';

/** Commercial banks (6021, 6022, 6029) and savings institutions (6035, 6036). */
export const BANK_SICS: ReadonlySet<string> = new Set(['6021', '6022', '6029', '6035', '6036']);

/**
 * A bank or thrift in the vendor's words: its groups "Banks" and "Savings&Loans" (Commer Banks-…,
 * Cooperative Banks, Regional Banks-Non US, S&L/Thrifts-…). A mortgage bank lends but takes no
 * deposits (Walker & Dunlop): no bank in Ritter's sense.
 */
export function vendorBankClass(row: Pick<IpoTableRow, 'industryGroup' | 'industrySubgroup'> | null): string | null {
  if (!row) return null;
  if (row.industryGroup === 'Savings&Loans') return row.industrySubgroup ?? row.industryGroup;
  if (row.industryGroup === 'Banks' && row.industrySubgroup !== 'Mortgage Banks') return row.industrySubgroup ?? row.industryGroup;
  return null;
}

/**
 * A bank holding company's or a bank's own name: Bancorp, Bancorporation, Bancshares, Bankshares,
 * Banc ("Banc of California"), Banco, Bank ("Opus Bank", "Bank of the Ozarks"), Banking, Savings,
 * Thrift as words, any case; or a name run into "Bank" in its own capitals (EverBank, BankUnited).
 * A word only: "Bankrate" sells rate tables and "Constar International Inc/Pre Bankruptcy" bottles.
 * "Financial Holdings" alone is no bank (LPL, AssetMark, Bread Financial): a bank SIC says it instead.
 * All 147 operating rows of the Bloomberg export so named are in its Banks or Savings&Loans groups.
 */
const BANK_WORD = /\b(?:banc(?:orp(?:oration)?|shares|o)?|bank(?:shares|ing)?|savings|thrift)\b/i;
const BANK_RUN_IN = /[a-z]Bank\b|\bBank[A-Z]/;

export function isBankName(name: string): boolean {
  return BANK_WORD.test(name) || BANK_RUN_IN.test(name);
}

/**
 * A savings institution's or bank's holding company by its name and price: "Financial" sold at
 * $10.00, the fixed price at which a mutual savings bank or its mutual holding company sells its
 * stock when it converts (Kearny Financial, Waterstone Financial, Entegra Financial, which only the
 * Yahoo list holds, with no industry). All 19 operating rows of the Bloomberg export so named and
 * priced are in its Banks or Savings&Loans groups; "Financial" at another price is no bank (LPL
 * Financial, Bread Financial: see isBankName). A rule for rows no vendor classifies: where the vendor
 * names an industry, its group decides (China Internet Nationwide Financial Services, an advisory
 * firm sold at $10.00, is in its software group).
 */
export function isConversionPricedBankName(name: string, offerPrice: number | null): boolean {
  return offerPrice === 10 && /\bFinancial\b/i.test(name);
}

/**
 * A REIT's name: "REIT" (also run in: InfraREIT, which the vendor files under electric distribution),
 * "Real Estate Investment Trust", a real-estate word before "Trust" (Realty, Property, Mortgage,
 * Lodging, Hotel, Hospitality, Industrial, Residential, Office, Healthcare, Timber, Storage,
 * Apartment, Net Lease, Real Estate, Finance, Assets: "Pebblebrook Hotel Trust", "KKR Real Estate
 * Finance Trust"), "Mortgage Investment"/"Mortgage Capital", "Real Estate Finance"/"Real Estate
 * Income"; "Financial Investment Trust" (Falcon Financial Investment Trust, a commercial mortgage
 * REIT the vendor files under commercial finance); a name that ends bare in "Properties", with no
 * corporate suffix, as a Maryland REIT trust's does (Seritage Growth Properties: "Thomas Properties
 * Group" and "EVOQ Properties Inc" are developers). Of the Bloomberg export's 71 operating rows so
 * named, 68 are in its REITS group and the other three are REITs it files elsewhere (InfraREIT,
 * Chicago Atlantic Real Estate Finance, Falcon Financial Investment Trust).
 */
export const REIT_NAME =
  /REIT\b|Real Estate Investment Trust|\b(?:Realty|Property|Properties|Mortgage|Lodging|Hotel|Hospitality|Industrial|Residential|Office|Healthcare|Health Care|Timber|Storage|Apartment|Net Lease|Real Estate|Finance|Financial|Assets)\s+(?:Investment\s+)?Trust\b|\bMortgage (?:Investment|Capital)\b|\bReal Estate (?:Finance|Income)\b|\bProperties$/i;

/**
 * A REIT by the vendor's classification: its REITS group ("REITS-Mortgage", "REITS-Diversified"), or
 * a "… Capital" its Private Equity subgroup files beside the managers (Blackstone, Carlyle, Bridge
 * Investment Group, P10, none named Capital): the specialty lenders and landlords Crystal River
 * Capital (mortgage securities), Jernigan Capital (self-storage loans) and NewLake Capital Partners
 * (cannabis property), all REITs. A manager's name says Group, Holdings or Management.
 */
export function vendorReitClass(row: Pick<IpoTableRow, 'issuer' | 'industryGroup' | 'industrySubgroup'> | null): string | null {
  if (!row) return null;
  if (row.industryGroup === 'REITS' || row.industrySubgroup?.startsWith('REITS')) return row.industrySubgroup ?? row.industryGroup;
  if (row.industrySubgroup === 'Private Equity' && /\bCapital\b/i.test(row.issuer) && !/\b(?:Group|Holdings?|Management)\b/i.test(row.issuer)) {
    return `${row.industrySubgroup}: "${row.issuer}"`;
  }
  return null;
}

/**
 * A commodity pool's vendor row: Bloomberg files grantor trusts that hold a commodity (SPDR Gold Shares,
 * GLD, 2004) under the "Commodity Fund" group. Such a trust issues shares in creation baskets at net asset
 * value: a fund, but not a closed-end fund, whose shares are fixed after its offering.
 */
export const isCommodityPoolRow = (row: Pick<IpoTableRow, 'industryGroup'> | null): boolean => row?.industryGroup === 'Commodity Fund';

/**
 * A limited partnership's name, after the disambiguating suffixes EDGAR and Bloomberg append
 * ("Williams Partners LP/Old", "Global Partners LP/MA", "… /DE/"):
 *   - it ends in "LP", "L.P." or "Limited Partnership";
 *   - it ends bare in "Partners", as an MLP's does once a vendor drops its "L.P." (Cypress
 *     Environmental Partners, Cypress Energy Partners, L.P. at its IPO of 2014, which Bloomberg files
 *     under environmental consulting): a corporation or an LLC so named says so after it (Surgery
 *     Partners Inc, Nextel Partners Inc, Focus Financial Partners Inc, Ardent Health Partners LLC);
 *   - it names a partnership inside it ("… Partners LP Holdings LLC"): an entity named for the MLP whose
 *     units are its one asset (Cheniere Energy Partners LP Holdings, 2013), as the i-share LLCs are
 *     (vendorPartnershipClass).
 * Perella Weinberg Partners, a corporation named bare Partners, is a de-SPAC: the name rules read no
 * SPAC's names (ritter-exclusions.derive.ts). Of the Bloomberg export's operating rows, the bare
 * "Partners" and the inner "Partners LP" name one each, these two.
 */
export function isPartnershipName(name: string): boolean {
  const bare = bareName(name);
  return /(?:\bL\.?\s?P\.?|\bLimited Partnership|\bPartners)$/i.test(bare) || /\bPartners,? L\.?P\.?\s/i.test(bare);
}

/**
 * "Partners LLC": the units of an LLC organised as an MLP is (Seadrill Partners LLC, 2012, which only
 * the Yahoo list holds, with no industry), or of an MLP the vendor renamed once bought in
 * (TransMontaigne Partners LLC, Southcross Energy Partners LLC), but also a hospital company's
 * (Ardent Health Partners LLC, filed under hospitals). The name speaks only where no vendor industry
 * does (ritter-exclusions.derive.ts); where one does, vendorPartnershipClass reads it.
 */
export function isPartnersLlcName(name: string): boolean {
  return /\bPartners,? (?:LLC|L\.L\.C\.)$/i.test(bareName(name));
}

export function bareName(name: string): string {
  return name.replace(/(?:\s*\/[A-Za-z. ]{1,20}\/?)+$/, '').replace(/[\s,]+$/, '');
}

/**
 * A royalty trust's name: "Royalty Trust", "Oil Trust", "Gas Trust", "Energy Trust" (MV Oil Trust,
 * Permianville Royalty Trust, VOC Energy Trust; Enduro Royalty Trust, which only the Yahoo list
 * holds, with no industry). Every row of the two vendor tables so named is one: the Bloomberg
 * export files all five under Oil&Gas. Its units are flagged as a partnership's
 * (vendorPartnershipClass says why).
 */
export const ROYALTY_TRUST_NAME = /\b(?:Royalty|Oil|Gas|Energy)\s+Trust\b/i;

/** The vendor's groups of the master limited partnerships: midstream, oil and gas, coal, gas distribution. */
const MLP_GROUPS: ReadonlySet<string> = new Set(['Pipelines', 'Oil&Gas', 'Coal', 'Gas']);

/**
 * Units of a pass-through energy entity by the vendor's row, where its name has lost the "LP" (the
 * vendor names an MLP as it is now: "Southcross Energy Partners LLC", "TransMontaigne Partners LLC"):
 *   - a royalty trust: the vendor's "Oil-US Royalty Trusts" subgroup (MV Oil Trust, Whiting USA
 *     Trust I, Viper Energy, an LP at its IPO), or "Trust" in a name it files under Oil&Gas (Whiting
 *     USA Trust II, SandRidge Permian Trust). A royalty trust sells units of a grantor trust that
 *     passes its royalties through untaxed, an MLP's economics: Ritter's sample of operating
 *     companies' IPOs leaves both out, and the flag is the closest of his exclusions;
 *   - "Partners" in a name the vendor files under Pipelines, Oil&Gas, Coal or Gas (Hiland Partners,
 *     TransMontaigne Partners), where the operating firms named Partners are not (Perella Weinberg
 *     Partners: an investment bank), unless a corporate suffix follows ("Energy Partners Ltd/Old",
 *     an E&P corporation);
 *   - an LLC in those groups: Linn Energy, Copano Energy, Atlas Energy Resources, Vanguard Natural
 *     Resources, NuStar GP Holdings, publicly traded LLCs taxed as partnerships, and the i-share LLCs
 *     whose one asset is an MLP's units (Kinder Morgan Management, Enbridge Energy Management, LinnCo).
 *     Known false flags, on the demo: the vendor's corporations renamed as LLCs after their
 *     IPO (Venoco LLC, EnLink Midstream LLC for Crosstex Energy Inc) and LandBridge Co LLC, an LLC
 *     taxed as a corporation; and Brigham Minerals Inc, a corporation in the royalty-trust subgroup.
 *     No field of the row tells them apart.
 */
const CORPORATE_SUFFIX = /\b(?:Inc|Corp|Corporation|Ltd|Limited|Co)\.?$/i;
export function vendorPartnershipClass(row: Pick<IpoTableRow, 'issuer' | 'industryGroup' | 'industrySubgroup'> | null): string | null {
  if (!row) return null;
  if (row.industrySubgroup === 'Oil-US Royalty Trusts') return `vendor industry subgroup "${row.industrySubgroup}"`;
  if (row.industryGroup === null || !MLP_GROUPS.has(row.industryGroup)) return null;
  if (isOilTrustRow(row)) return `a trust the vendor files under ${row.industryGroup}: a royalty trust`;
  if (/\bPartners\b/i.test(row.issuer) && !CORPORATE_SUFFIX.test(bareName(row.issuer))) return `"Partners" filed under ${row.industryGroup}: an MLP`;
  if (/\bLLC$/i.test(bareName(row.issuer))) return `an LLC filed under ${row.industryGroup}: a publicly traded partnership`;
  return null;
}

/** A royalty trust by the vendor's classification: its royalty-trust subgroup, or a trust it files under Oil&Gas. */
export function isRoyaltyTrustRow(row: Pick<IpoTableRow, 'issuer' | 'industryGroup' | 'industrySubgroup'> | null): boolean {
  return row !== null && (row.industrySubgroup === 'Oil-US Royalty Trusts' || isOilTrustRow(row));
}

const isOilTrustRow = (row: Pick<IpoTableRow, 'issuer' | 'industryGroup'>) => row.industryGroup === 'Oil&Gas' && /\bTrust\b/i.test(row.issuer);

/**
 * An F-6 (F-6EF, F-6 POS, F-6/A) registers American depositary shares. Filed under the issuer's own
 * CIK (Shougang Concord International's F-6 POS of 2020-03-18 in the bundled form index), it shows
 * the issuer's ADR program: the shares its F-1 sells are ADSs.
 */
export function registersDepositaryShares(filings: readonly { formType: string }[]): boolean {
  return filings.some((f) => /^F-6(?:EF)?(?:\/A| POS)?$/.test(f.formType));
}

/**
 * A foreign issuer's legal form at the end of its name, one no US state's corporation takes: plc, S.A.,
 * N.V., B.V., AG, SE, S.p.A., A/S, ASA, AB, Oyj, Pte, or "Cayman" in it (ZTO Express (Cayman) Inc, Ambrx
 * Biopharma Cayman Inc). An EDGAR state suffix goes first: "Community Bancorp/NV" is a Nevada bank.
 * Of the Bloomberg export's US rows so named, every one is a foreign company's (Talend SA, Centessa
 * Pharmaceuticals PLC, Jazz Pharmaceuticals PLC, Sensata Technologies Holding NV, Trinseo SA).
 */
const FOREIGN_LEGAL_FORM = /\b(?:plc|p\.l\.c\.?|N\.?V\.?|B\.?V\.?|S\.?A\.?|AG|SE|S\.p\.A\.?|SpA|A\/S|ASA|AB|Oyj|Pte\.?(?: Ltd\.?)?)$|\bCayman\b/i;
export const hasForeignLegalForm = (name: string): boolean => FOREIGN_LEGAL_FORM.test(bareName(name));

/**
 * "Ltd" or "Limited": the form of a Bermuda, Cayman, BVI, Hong Kong, Israeli, Indian or British company,
 * but also one some US corporations chose (Wynn Resorts Ltd, GrafTech International Ltd, Bowman
 * Consulting Group Ltd). listed-security.derive.ts says where it is read as a foreign issuer's.
 */
export const hasLimitedForm = (name: string): boolean => /\b(?:Ltd|Limited)\.?$/i.test(bareName(name));

/**
 * Forms only a foreign private issuer files: its annual report (20-F), its current reports (6-K) and
 * its registration statement (F-1). A Canadian issuer under the multijurisdictional system files its
 * annual report on 40-F and registers on F-10 (filesAsCanadianIssuer), and 6-Ks as well.
 */
export function filesAsForeignPrivateIssuer(filings: readonly { formType: string }[]): boolean {
  return filings.some((f) => /^(?:20-F|6-K|F-1)(?:\/A)?$/.test(f.formType));
}

/**
 * A Canadian issuer by its forms (40-F, F-10): Canada is in the CUSIP system, so its common shares,
 * listed directly in the US, carry a US-style CUSIP, as a depositary's receipts do (Shopify 82509L107).
 */
export function filesAsCanadianIssuer(filings: readonly { formType: string }[]): boolean {
  return filings.some((f) => /^(?:40-F|F-10)(?:\/A)?$/.test(f.formType));
}

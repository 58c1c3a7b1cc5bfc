const blob = (sql: string) => `CAST(${sql} AS BLOB)`;
const ACCESSION_MEMBER_AT = `instr(${blob('json')}, ${blob(`'"accessionNumber":'`)})`;

/**
 * SQL over an api_filings row: the element a company detail embeds for the filing. It is the list
 * item (`json`) without its first members, `cik` and `companyName` (it starts at `accessionNumber`,
 * whose key no string member can hold unescaped), with the filing's aiEnrichment and extended terms
 * spliced before the closing brace. Made when read rather than stored beside the item: a stored
 * copy was a third of each filing row (and repeated its terms), which a history of EDGAR holds
 * tens of millions of. Cut as a BLOB, as COMPANY_LIST_ITEM_SQL is: its offsets are bytes, known without decoding.
 */
export const FILING_DETAIL_SQL =
  `'{' || substr(${blob('json')}, ${ACCESSION_MEMBER_AT}, length(${blob('json')}) - ${ACCESSION_MEMBER_AT})` +
  ` || ',"aiEnrichment":' || ai_enrichment_json || ',"terms":' || terms_detail_json || '}'`;

/**
 * SQL over a company_list row: its list item with every list include (latest_terms, classification,
 * consensus, in that order), spliced before the object's closing brace exactly as the API splices a
 * requested subset (api/db/keyset.ts `withIncludesSql`), so the stored item serves the same bytes.
 * The object is cut as a BLOB: its length in bytes is known without decoding it.
 */
export const COMPANY_LIST_ITEM_SQL =
  `substr(CAST(json AS BLOB), 1, length(CAST(json AS BLOB)) - 1) || ',"latestTerms":' || latest_terms_json` +
  ` || ',"classification":' || classification_json || ',"consensus":' || consensus_json || '}'`;

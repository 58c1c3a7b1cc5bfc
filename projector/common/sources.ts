/** The source name vendor IPO table rows carry in `sourceSummary` and in price-history observations. */
export const VENDOR_SOURCE = 'vendor_ipo_table';

/** CIK as the 10-digit zero-padded string used by the data APIs and our read tables. */
export function padCik(cik: string | number): string {
  return String(cik).replace(/^0+/, '').padStart(10, '0');
}

/** CIK without padding, as EDGAR archive paths use it. */
export function unpadCik(cik: string | number): string {
  return String(Number(String(cik)));
}

export function isCikLike(value: string): boolean {
  return /^\d{1,10}$/.test(value);
}

/** `0001193125-13-390321` → `000119312513390321`, the archive folder name. */
export function accessionFolder(accessionNumber: string): string {
  return accessionNumber.replace(/-/g, '');
}

/**
 * The key of a company known only from a vendor IPO table row (its CIK is in no EDGAR data the
 * service holds): `V-<ticker>-<trade date>`. Never a CIK, so it cannot collide with one.
 */
export const VENDOR_KEY_PREFIX = 'V-';
const VENDOR_KEY = /^V-[A-Z0-9.-]+-\d{4}-\d{2}-\d{2}$/;

export function vendorCompanyKey(ticker: string, tradeDate: string): string {
  return `${VENDOR_KEY_PREFIX}${ticker}-${tradeDate}`;
}

export function isVendorCompanyKey(value: string): boolean {
  return VENDOR_KEY.test(value);
}

/** A company identifier as the read tables key it: a padded CIK, or a vendor key in upper case; null otherwise. */
export function companyKey(value: string): string | null {
  if (isCikLike(value)) return padCik(value);
  const upper = value.toUpperCase();
  return isVendorCompanyKey(upper) ? upper : null;
}

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

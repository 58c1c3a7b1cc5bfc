/**
 * A vendor's price at the precision it is quoted in. The Yahoo Finance IPO list stores prices as
 * single-precision floats and prints six decimals: Alibaba's first close, $93.89, reads 93.889999;
 * Oaktree's $42.39 reads 42.389999; a $1,932.70 close reads 1932.699951. A value within that noise of
 * a cent (one single-precision step, 2^-23 of the value, and half the sixth decimal) is that cent;
 * else within it of a ten-thousandth, that (a sub-dollar quote, or a pre-2001 fraction: Silicon Labs'
 * 69 3/8 is 69.375, PetroChina's 16 7/16 is 16.4375); else it is kept as read (a history adjusted
 * since: 13.808575).
 */
const noise = (value: number) => Math.abs(value) * 2 ** -23 + 5e-7;

export function quotedPrice(value: number): number;
export function quotedPrice(value: number | null): number | null;
export function quotedPrice(value: number | null): number | null {
  if (value === null) return null;
  for (const units of [100, 10_000]) {
    const snapped = Math.round(value * units) / units;
    if (Math.abs(value - snapped) <= noise(value)) return snapped;
  }
  return value;
}

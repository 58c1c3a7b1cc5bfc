/** A prices or news job reached a process that was started without that source configured. */
export class MarketSourceMissingError extends Error {
  override name = 'MarketSourceMissingError';
}

export {
  fetchDailyBars,
  pricesRequestPath,
  stooqSymbol,
  yahooSymbol,
  PricesTransientError,
  PricesPermanentError,
  type PricesClientOptions,
  type PricesFormat,
  type PricesResponse,
  type DateRange,
} from './prices-client.ts';

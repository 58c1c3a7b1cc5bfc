export {
  createTradingCalendar,
  easterSunday,
  nyseHolidays,
  NYSE_SPECIAL_CLOSURES,
  isTradingDay,
  nextTradingDay,
  nthTradingDayOnOrAfter,
  addTradingDays,
  type Holiday,
  type TradingCalendar,
} from './trading-calendar.ts';
export { parseStooqCsv, parseYahooChart, parseDailyBars, BarsParseError, type DailyBar, type BarsFormat } from './bars.parse.ts';
export {
  deriveOutcome,
  deriveOutcomeFields,
  returnPct,
  WEEK1_TRADING_DAYS,
  type OutcomeIdentity,
  type OutcomeInput,
  type OutcomeFields,
} from './outcome.derive.ts';
export {
  parseIpoTable,
  parseIpoTableRecord,
  parsePriceRange,
  linkIpoRows,
  tickerMapFromCompanyTickers,
  type IpoTableRow,
  type IpoTableLinks,
  type TickerEntry,
  type UnlinkedReason,
} from './ipo-table.parse.ts';
export {
  deriveFinancialSnapshot,
  dedupeFacts,
  netIncomeLatestAndPrior,
  type CompanyFacts,
  type XbrlFact,
} from './financial-snapshot.derive.ts';
export { parseCsv, parseCsvRecords } from './csv.parse.ts';

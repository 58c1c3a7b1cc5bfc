import type { SqliteHandle } from '../../schema/sqlite.ts';
import { DealEventLog } from './deal-events.store.ts';
import { DocumentStore } from './documents.store.ts';
import { EdgarStore } from './edgar.store.ts';
import { MarketStore } from './market.store.ts';
import { NewsStore } from './news.store.ts';
import { ServedTables } from './served.store.ts';

/** Every table the projector writes, one store per kind of fact; the served tables last. */
export interface Stores {
  edgar: EdgarStore;
  documents: DocumentStore;
  market: MarketStore;
  news: NewsStore;
  served: ServedTables;
  /** The change log the served rows' new facts go to, in the same transaction. */
  dealEvents: DealEventLog;
}

export function openStores(db: SqliteHandle): Stores {
  return {
    edgar: new EdgarStore(db),
    documents: new DocumentStore(db),
    market: new MarketStore(db),
    news: new NewsStore(db),
    served: new ServedTables(db),
    dealEvents: new DealEventLog(db),
  };
}

import type { EventEnvelope } from '../events/envelope.ts';
import type { EventStore, ReadAllOptions } from './event-store.ts';

/** The store's own pages where it has them, else readAll gathered into pages of `batchSize`. */
export async function* readPagesOf(store: Pick<EventStore, 'readAll' | 'readPages'>, options: ReadAllOptions & { batchSize: number }): AsyncGenerator<EventEnvelope[]> {
  if (store.readPages) {
    yield* store.readPages(options);
    return;
  }
  let page: EventEnvelope[] = [];
  for await (const envelope of store.readAll(options)) {
    page.push(envelope);
    if (page.length >= options.batchSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** Pages flattened back into events: readAll for a store whose reading is done in pages. */
export async function* eventsOf(pages: AsyncIterable<EventEnvelope[]>): AsyncGenerator<EventEnvelope> {
  for await (const page of pages) yield* page;
}

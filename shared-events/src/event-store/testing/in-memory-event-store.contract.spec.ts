import { eventStoreContract } from '../event-store.contract.ts';
import { InMemoryEventStore } from './in-memory-event-store.ts';

// No appendRaw: the double keeps envelopes, not stored rows, so there is no stored type to skip or upcast (the
// stored-type tests say so when they skip).
eventStoreContract('in memory (test double)', async () => new InMemoryEventStore());

import type { EventEnvelope } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import { ERASED, PERSONAL_FIELDS, SEALED, type PersonalFields } from '../events/personal-fields.ts';
import type { EventStore, ReadAllOptions } from './event-store.ts';
import { eventsOf, readPagesOf } from './read-pages.ts';
import type { SubjectKeyStore } from './subject-key-store.ts';
import { decrypt, encrypt, LEGACY_PREFIX, PREFIX } from './personal-field-cipher.ts';
import { readFields, withFields, type Json } from './personal-field-paths.ts';
import { PlaintextCache, SubjectKeyCache } from './subject-secrets-cache.ts';

/** An EventStore that can make a data subject's personal fields unreadable for good. */
export interface ShreddingEventStore extends EventStore {
  /** Destroys the subject's key: every personal field under it now reads as '[erased]'. */
  forgetSubject(subjectId: string): Promise<void>;
  /**
   * How many subjects this instance has forgotten: a cache of anything read through it (a command's
   * folded state) is stale once this changes. Another process's erasure shows after the key cache (30 s).
   */
  readonly erasures: number;
}

export const canForgetSubjects = (store: EventStore): store is ShreddingEventStore =>
  typeof (store as Partial<ShreddingEventStore>).forgetSubject === 'function';

interface SealedPart {
  spec: PersonalFields;
  subject: string;
  /** The stored values of the spec's fields, by index. */
  stored: (string | undefined)[];
}

/** What of an envelope is sealed, or null when nothing is (no personal fields, no subject, none set). */
function sealedPart(envelope: EventEnvelope): SealedPart | null {
  const spec = PERSONAL_FIELDS[envelope.type];
  if (!spec) return null;
  const subject = spec.subject(envelope.data as Json);
  if (!subject) return null;
  const stored = readFields(envelope.data as Json, spec);
  return stored.every((value) => value === undefined) ? null : { spec, subject, stored };
}

/**
 * Crypto-shredding around any EventStore (embedded SQLite, EventStoreDB): the personal
 * fields declared in PERSONAL_FIELDS are encrypted with their subject's AES-256-GCM key
 * before the inner store sees them, and decrypted as events are read. Once the key is
 * destroyed they read as '[erased]', a value every schema accepts, so replays and
 * rebuilds go on working with the subject gone.
 */
export function createShreddingEventStore(inner: EventStore, keyStore: SubjectKeyStore): ShreddingEventStore {
  const keys = new SubjectKeyCache(keyStore);
  const plaintexts = new PlaintextCache();

  const seal = async (event: DomainEvent): Promise<DomainEvent> => {
    const spec = PERSONAL_FIELDS[event.type];
    const subject = spec?.subject(event.data);
    if (!spec || !subject) return event;
    const values = readFields(event.data, spec);
    const first = values.findIndex((value) => value !== undefined);
    if (first < 0) return event;
    const key = await keys.keyFor(subject, true);
    if (!key) return { ...event, data: withFields(event.data, spec, values.map((v) => (v === undefined ? v : ERASED))) } as DomainEvent;
    const plain: Record<string, string> = {};
    spec.fields.forEach((path, i) => {
      if (values[i] !== undefined) plain[path] = values[i]!;
    });
    const blob = encrypt(key, subject, JSON.stringify(plain), PREFIX);
    // Known now: the live subscription and the next command read this event without deciphering it.
    plaintexts.remember(subject, blob, values);
    const stored = values.map((value, i) => (value === undefined ? undefined : i === first ? blob : SEALED));
    return { ...event, data: withFields(event.data, spec, stored) } as DomainEvent;
  };

  const openValues = (spec: PersonalFields, subject: string, key: Buffer | null, stored: (string | undefined)[], keep: boolean) => {
    const blobIndex = stored.findIndex((value) => value?.startsWith(PREFIX));
    if (blobIndex >= 0) {
      const blob = stored[blobIndex]!;
      const masked = () => stored.map((value) => (value === undefined ? value : ERASED));
      if (!key) return masked();
      const hit = plaintexts.get(subject, blob);
      if (hit) return hit;
      try {
        const plain = JSON.parse(decrypt(key, subject, blob, PREFIX)) as Record<string, string>;
        const values = spec.fields.map((path, i) => plain[path] ?? (stored[i] === undefined ? undefined : ERASED));
        if (keep) plaintexts.remember(subject, blob, values);
        return values;
      } catch {
        return masked();
      }
    }
    // Legacy enc1: one ciphertext per field; anything else (plaintext written before shredding) as is.
    return stored.map((value) => {
      if (value === undefined || !value.startsWith(LEGACY_PREFIX)) return undefined;
      if (!key) return ERASED;
      try {
        return decrypt(key, subject, value, LEGACY_PREFIX);
      } catch {
        return ERASED;
      }
    });
  };

  /** `keep`: remember the plaintext; not for a replay, which reads each event once. */
  const opened = (envelope: EventEnvelope, part: SealedPart, key: Buffer | null, keep: boolean): EventEnvelope => {
    if (!key) plaintexts.forget(part.subject);
    return { ...envelope, data: withFields(envelope.data as Json, part.spec, openValues(part.spec, part.subject, key, part.stored, keep)) };
  };

  const open = async (envelope: EventEnvelope, keep: boolean): Promise<EventEnvelope> => {
    const part = sealedPart(envelope);
    if (!part) return envelope;
    const entry = keys.cached(part.subject, Date.now());
    return opened(envelope, part, entry ? entry.key : await keys.keyFor(part.subject, false), keep);
  };

  /**
   * A page of a catch-up read at once: one key-store query for its subjects not cached yet, then no
   * await per event (a replay paid more for per-event promises than for deciphering).
   */
  const openPage = async (page: readonly EventEnvelope[]): Promise<EventEnvelope[]> => {
    const parts = page.map(sealedPart);
    const now = Date.now();
    await keys.prefetch(parts, now);
    const out = new Array<EventEnvelope>(page.length);
    for (let i = 0; i < page.length; i++) {
      const part = parts[i];
      const envelope = page[i]!;
      if (!part) out[i] = envelope;
      else {
        const entry = keys.cached(part.subject, now);
        out[i] = opened(envelope, part, entry ? entry.key : await keys.keyFor(part.subject, false), false);
      }
    }
    return out;
  };

  async function* openPages(pages: AsyncIterable<EventEnvelope[]>): AsyncGenerator<EventEnvelope[]> {
    for await (const page of pages) yield await openPage(page);
  }

  /** Paging is safe here: a read ends at the log's end, so no event waits in a page for later ones. */
  async function* readPages(options: ReadAllOptions = {}): AsyncGenerator<EventEnvelope[]> {
    yield* openPages(readPagesOf(inner, { ...options, batchSize: options.batchSize ?? 1_000 }));
  }

  let erasures = 0;
  return {
    get erasures() {
      return erasures;
    },
    ...(keyStore.newSubjectId ? { newSubjectId: keyStore.newSubjectId } : {}),
    async append(streamId, events, options) {
      const sealed = await Promise.all(events.map(seal));
      return inner.append(streamId, sealed, options);
    },
    async readStream(streamId) {
      const envelopes = await inner.readStream(streamId);
      return Promise.all(envelopes.map((envelope) => open(envelope, true)));
    },
    readAll: (options) => eventsOf(readPages(options)),
    readPages,
    async *subscribeToAll(options) {
      // Not gathered into pages here: a live event must not wait in a page for the next ones.
      for await (const envelope of inner.subscribeToAll(options)) yield await open(envelope, false);
    },
    // The inner store's own pages hold only what had landed, so nothing waits in them.
    ...(inner.subscribeToAllPages ? { subscribeToAllPages: (options) => openPages(inner.subscribeToAllPages!(options)) } : {}),
    headPosition: () => inner.headPosition(),
    ping: () => inner.ping(),
    async forgetSubject(subjectId) {
      await keyStore.destroy(subjectId);
      erasures += 1;
      keys.forget(subjectId);
      plaintexts.forget(subjectId);
    },
    async close() {
      await inner.close();
      await keyStore.close();
    },
  };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import { ERASED, PERSONAL_FIELDS, type PersonalFields } from '../events/personal-fields.ts';
import type { EventStore } from './event-store.ts';
import type { SubjectKeyStore } from './subject-key-store.ts';

/** An EventStore that can make a data subject's personal fields unreadable for good. */
export interface ShreddingEventStore extends EventStore {
  /** Destroys the subject's key: every personal field under it now reads as '[erased]'. */
  forgetSubject(subjectId: string): Promise<void>;
}

export const canForgetSubjects = (store: EventStore): store is ShreddingEventStore =>
  typeof (store as Partial<ShreddingEventStore>).forgetSubject === 'function';

const KEY_CACHE_MS = 30_000;
const KEY_CACHE_SIZE = 50_000;

/** Deciphered fields kept in memory, across subjects. */
const MAX_CACHED_PLAINTEXTS = 50_000;

/** Marks a ciphertext: `enc1:` + base64url(iv ‖ tag ‖ ciphertext). */
const PREFIX = 'enc1:';

function encrypt(key: Buffer, subjectId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The subject id is authenticated, so a ciphertext cannot be moved to another subject's event.
  cipher.setAAD(Buffer.from(subjectId, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function decrypt(key: Buffer, subjectId: string, sealed: string): string {
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(subjectId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Rewrites each string at the declared paths of a deep copy of `data`. */
function mapFields(data: unknown, spec: PersonalFields, transform: (value: string) => string): unknown {
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const path of spec.fields) {
    const parts = path.split('.');
    let holder: Record<string, unknown> | undefined = copy;
    for (const part of parts.slice(0, -1)) {
      const next: unknown = holder?.[part];
      holder = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : undefined;
    }
    const leaf = parts[parts.length - 1]!;
    const value = holder?.[leaf];
    if (holder && typeof value === 'string') holder[leaf] = transform(value);
  }
  return copy;
}

/**
 * Crypto-shredding around any EventStore (embedded SQLite, EventStoreDB): the personal
 * fields declared in PERSONAL_FIELDS are encrypted with their subject's AES-256-GCM key
 * before the inner store sees them, and decrypted as events are read. Once the key is
 * destroyed they read as '[erased]', a value every schema accepts, so replays and
 * rebuilds go on working with the subject gone.
 */
export function createShreddingEventStore(inner: EventStore, keyStore: SubjectKeyStore): ShreddingEventStore {
  // Keys are read often (every replayed event), so they are cached; a destroyed key is cached as null.
  // A key destroyed by another process (another API node) is noticed here within KEY_CACHE_MS.
  const cache = new Map<string, { key: Buffer | null; at: number }>();
  const keyFor = async (subjectId: string, create: boolean): Promise<Buffer | null> => {
    const cached = cache.get(subjectId);
    if (cached && (cached.key === null || Date.now() - cached.at < KEY_CACHE_MS)) return cached.key;
    const key = await keyStore.keyFor(subjectId, { create });
    if (key !== null || create) {
      if (cache.size >= KEY_CACHE_SIZE) cache.clear();
      cache.set(subjectId, { key, at: Date.now() });
    }
    return key;
  };

  const seal = async (event: DomainEvent): Promise<DomainEvent> => {
    const spec = PERSONAL_FIELDS[event.type];
    const subject = spec?.subject(event.data as Record<string, unknown>);
    if (!spec || !subject) return event;
    const key = await keyFor(subject, true);
    const data = mapFields(event.data, spec, (value) => (key ? encrypt(key, subject, value) : ERASED));
    return { ...event, data } as DomainEvent;
  };

  /**
   * Plaintexts by ciphertext, per subject. Each command re-reads its whole stream and every
   * event also reaches the projections, so without it every field was deciphered again and
   * again (AES-GCM set-up per field was most of the CPU of a PUT). A ciphertext carries its own
   * random IV, so equal ciphertexts under one subject's key are equal plaintexts. Entries are
   * used only while the key is still there, and go with it; the cache is bounded, oldest out first.
   */
  const plaintexts = new Map<string, Map<string, string>>();
  let cachedPlaintexts = 0;
  const forgetPlaintexts = (subject: string) => {
    const entries = plaintexts.get(subject);
    if (!entries) return;
    cachedPlaintexts -= entries.size;
    plaintexts.delete(subject);
  };
  const remember = (subject: string, sealed: string, plain: string) => {
    let entries = plaintexts.get(subject);
    if (!entries) plaintexts.set(subject, (entries = new Map()));
    entries.set(sealed, plain);
    cachedPlaintexts += 1;
    while (cachedPlaintexts > MAX_CACHED_PLAINTEXTS) forgetPlaintexts(plaintexts.keys().next().value as string);
  };

  const open = async (envelope: EventEnvelope): Promise<EventEnvelope> => {
    const spec = PERSONAL_FIELDS[envelope.type];
    const subject = spec?.subject(envelope.data as Record<string, unknown>);
    if (!spec || !subject) return envelope;
    const key = await keyFor(subject, false);
    if (!key) forgetPlaintexts(subject);
    const data = mapFields(envelope.data, spec, (value) => {
      if (!value.startsWith(PREFIX)) return value;
      if (!key) return ERASED;
      const cached = plaintexts.get(subject)?.get(value);
      if (cached !== undefined) return cached;
      try {
        const plain = decrypt(key, subject, value);
        remember(subject, value, plain);
        return plain;
      } catch {
        return ERASED;
      }
    });
    return { ...envelope, data };
  };

  return {
    async append(streamId, events, options) {
      const sealed = await Promise.all(events.map(seal));
      return inner.append(streamId, sealed, options);
    },
    async readStream(streamId) {
      const envelopes = await inner.readStream(streamId);
      return Promise.all(envelopes.map(open));
    },
    async *readAll(options) {
      for await (const envelope of inner.readAll(options)) yield await open(envelope);
    },
    async *subscribeToAll(options) {
      for await (const envelope of inner.subscribeToAll(options)) yield await open(envelope);
    },
    headPosition: () => inner.headPosition(),
    ping: () => inner.ping(),
    async forgetSubject(subjectId) {
      await keyStore.destroy(subjectId);
      cache.set(subjectId, { key: null, at: Date.now() });
      forgetPlaintexts(subjectId);
    },
    async close() {
      await inner.close();
      await keyStore.close();
    },
  };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../events/envelope.ts';
import type { DomainEvent } from '../events/registry.ts';
import { ERASED, PERSONAL_FIELDS, SEALED, type PersonalFields } from '../events/personal-fields.ts';
import type { EventStore, ReadAllOptions } from './event-store.ts';
import { eventsOf, readPagesOf } from './read-pages.ts';
import type { SubjectKeyStore } from './subject-key-store.ts';

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

const KEY_CACHE_MS = 30_000;
const KEY_CACHE_SIZE = 50_000;

/** Deciphered events kept in memory, across subjects. */
const MAX_CACHED_PLAINTEXTS = 20_000;

/**
 * Current format: all personal fields of one event sealed together, `enc2:` + base64url(iv ‖ tag ‖
 * ciphertext of a JSON object path → value), stored in the event's first personal field; its other
 * personal fields hold SEALED. One AES-GCM set-up per event instead of one per field.
 */
const PREFIX = 'enc2:';
/** Legacy format (logs written before enc2, still read): one `enc1:` ciphertext per field. */
const LEGACY_PREFIX = 'enc1:';

/**
 * IVs are cut from a pool of CSPRNG bytes, each byte used once (a spent pool is replaced, never refilled in
 * place): randomBytes(12) per event cost ≈ 5 µs, most of it per-call overhead, against ≈ 0.1 µs from the pool.
 */
const IV_BYTES = 12;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;
function nextIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BYTES * 512);
    ivOffset = 0;
  }
  ivOffset += IV_BYTES;
  return ivPool.subarray(ivOffset - IV_BYTES, ivOffset);
}

function encrypt(key: Buffer, subjectId: string, plain: string, prefix: string): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The subject id is authenticated, so a ciphertext cannot be moved to another subject's event.
  cipher.setAAD(Buffer.from(subjectId, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function decrypt(key: Buffer, subjectId: string, sealed: string, prefix: string): string {
  const bytes = Buffer.from(sealed.slice(prefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(subjectId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

type Json = Record<string, unknown>;

interface SealedPart {
  spec: PersonalFields;
  subject: string;
  /** The stored values of the spec's fields, by index. */
  stored: (string | undefined)[];
}

/** Paths split once per event type, not once per event. */
const splitPaths = new Map<PersonalFields, readonly (readonly string[])[]>();
const pathsOf = (spec: PersonalFields) => {
  let paths = splitPaths.get(spec);
  if (!paths) splitPaths.set(spec, (paths = spec.fields.map((path) => path.split('.'))));
  return paths;
};

function holderOf(data: Json, parts: readonly string[]): Json | undefined {
  let holder: Json | undefined = data;
  for (let i = 0; i < parts.length - 1; i++) {
    const next: unknown = holder[parts[i]!];
    if (typeof next !== 'object' || next === null) return undefined;
    holder = next as Json;
  }
  return holder;
}

/** The string values at the declared paths, by index of the path; undefined where there is none. */
function readFields(data: Json, spec: PersonalFields): (string | undefined)[] {
  return pathsOf(spec).map((parts) => {
    const value = holderOf(data, parts)?.[parts[parts.length - 1]!];
    return typeof value === 'string' ? value : undefined;
  });
}

/**
 * A copy of `data` with the given values at the declared paths (index → value). Only the objects on
 * the way to a changed field are copied (shallowly): the rest is shared, which is safe because
 * envelopes are never mutated in place. A structuredClone per event was a large part of a replay.
 */
function withFields(data: Json, spec: PersonalFields, values: readonly (string | undefined)[]): Json {
  const copy: Json = { ...data };
  const copies = new Map<Json, Json>();
  pathsOf(spec).forEach((parts, index) => {
    const value = values[index];
    if (value === undefined) return;
    let holder = copy;
    for (let i = 0; i < parts.length - 1; i++) {
      const next: unknown = holder[parts[i]!];
      if (typeof next !== 'object' || next === null) return;
      let nested = copies.get(next as Json);
      if (!nested) {
        nested = { ...(next as Json) };
        copies.set(next as Json, nested);
        copies.set(nested, nested);
      }
      holder[parts[i]!] = nested;
      holder = nested;
    }
    holder[parts[parts.length - 1]!] = value;
  });
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
  const cached = (subjectId: string, now: number) => {
    const entry = cache.get(subjectId);
    return entry && (entry.key === null || now - entry.at < KEY_CACHE_MS) ? entry : undefined;
  };
  const cacheKey = (subjectId: string, key: Buffer | null, at: number) => {
    if (cache.size >= KEY_CACHE_SIZE) cache.clear();
    cache.set(subjectId, { key, at });
  };
  const keyFor = async (subjectId: string, create: boolean): Promise<Buffer | null> => {
    const entry = cached(subjectId, Date.now());
    if (entry) return entry.key;
    const key = await keyStore.keyFor(subjectId, { create });
    if (key !== null || create) cacheKey(subjectId, key, Date.now());
    return key;
  };
  const seal = async (event: DomainEvent): Promise<DomainEvent> => {
    const spec = PERSONAL_FIELDS[event.type];
    const subject = spec?.subject(event.data as Json);
    if (!spec || !subject) return event;
    const values = readFields(event.data as Json, spec);
    const first = values.findIndex((value) => value !== undefined);
    if (first < 0) return event;
    const key = await keyFor(subject, true);
    if (!key) return { ...event, data: withFields(event.data as Json, spec, values.map((v) => (v === undefined ? v : ERASED))) } as DomainEvent;
    const plain: Record<string, string> = {};
    spec.fields.forEach((path, i) => {
      if (values[i] !== undefined) plain[path] = values[i]!;
    });
    const blob = encrypt(key, subject, JSON.stringify(plain), PREFIX);
    // Known now: the live subscription and the next command read this event without deciphering it.
    remember(subject, blob, values);
    const stored = values.map((value, i) => (value === undefined ? undefined : i === first ? blob : SEALED));
    return { ...event, data: withFields(event.data as Json, spec, stored) } as DomainEvent;
  };

  /**
   * Plaintexts by ciphertext, per subject. Every event also reaches the projections and a command
   * may re-read its stream, so without it events were deciphered again and again. A ciphertext
   * carries its own random IV, so equal ciphertexts under one subject's key are equal plaintexts.
   * Entries are used only while the key is still there, and go with it; bounded, oldest subject out first.
   */
  const plaintexts = new Map<string, Map<string, (string | undefined)[]>>();
  let cachedPlaintexts = 0;
  const forgetPlaintexts = (subject: string) => {
    const entries = plaintexts.get(subject);
    if (!entries) return;
    cachedPlaintexts -= entries.size;
    plaintexts.delete(subject);
  };
  const remember = (subject: string, sealed: string, plain: (string | undefined)[]) => {
    let entries = plaintexts.get(subject);
    if (!entries) plaintexts.set(subject, (entries = new Map()));
    entries.set(sealed, plain);
    cachedPlaintexts += 1;
    while (cachedPlaintexts > MAX_CACHED_PLAINTEXTS) forgetPlaintexts(plaintexts.keys().next().value as string);
  };

  const openValues = (spec: PersonalFields, subject: string, key: Buffer | null, stored: (string | undefined)[], keep: boolean) => {
    const blobIndex = stored.findIndex((value) => value?.startsWith(PREFIX));
    if (blobIndex >= 0) {
      const blob = stored[blobIndex]!;
      const masked = () => stored.map((value) => (value === undefined ? value : ERASED));
      if (!key) return masked();
      const hit = plaintexts.get(subject)?.get(blob);
      if (hit) return hit;
      try {
        const plain = JSON.parse(decrypt(key, subject, blob, PREFIX)) as Record<string, string>;
        const values = spec.fields.map((path, i) => plain[path] ?? (stored[i] === undefined ? undefined : ERASED));
        if (keep) remember(subject, blob, values);
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

  /** What of an envelope is sealed, or null when nothing is (no personal fields, no subject, none set). */
  const sealedPart = (envelope: EventEnvelope): SealedPart | null => {
    const spec = PERSONAL_FIELDS[envelope.type];
    if (!spec) return null;
    const subject = spec.subject(envelope.data as Json);
    if (!subject) return null;
    const stored = readFields(envelope.data as Json, spec);
    return stored.every((value) => value === undefined) ? null : { spec, subject, stored };
  };

  /** `keep`: remember the plaintext; not for a replay, which reads each event once. */
  const opened = (envelope: EventEnvelope, part: SealedPart, key: Buffer | null, keep: boolean): EventEnvelope => {
    if (!key) forgetPlaintexts(part.subject);
    return { ...envelope, data: withFields(envelope.data as Json, part.spec, openValues(part.spec, part.subject, key, part.stored, keep)) };
  };

  const open = async (envelope: EventEnvelope, keep: boolean): Promise<EventEnvelope> => {
    const part = sealedPart(envelope);
    if (!part) return envelope;
    const entry = cached(part.subject, Date.now());
    return opened(envelope, part, entry ? entry.key : await keyFor(part.subject, false), keep);
  };

  /**
   * A page of a catch-up read at once: one key-store query for its subjects not cached yet, then no
   * await per event (a replay paid more for per-event promises than for deciphering).
   */
  const openPage = async (page: readonly EventEnvelope[]): Promise<EventEnvelope[]> => {
    const parts = page.map(sealedPart);
    const now = Date.now();
    if (keyStore.keysFor) {
      const missing = new Set<string>();
      for (const part of parts) if (part && !cached(part.subject, now)) missing.add(part.subject);
      if (missing.size > 0) for (const [subject, key] of await keyStore.keysFor([...missing])) cacheKey(subject, key, now);
    }
    const out: EventEnvelope[] = new Array(page.length);
    for (let i = 0; i < page.length; i++) {
      const part = parts[i];
      const envelope = page[i]!;
      if (!part) out[i] = envelope;
      else {
        const entry = cached(part.subject, now);
        out[i] = opened(envelope, part, entry ? entry.key : await keyFor(part.subject, false), false);
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
      cache.set(subjectId, { key: null, at: Date.now() });
      forgetPlaintexts(subjectId);
    },
    async close() {
      await inner.close();
      await keyStore.close();
    },
  };
}

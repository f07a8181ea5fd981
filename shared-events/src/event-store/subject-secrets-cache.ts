import type { SubjectKeyStore } from './subject-key-store.ts';

const KEY_CACHE_MS = 30_000;
const KEY_CACHE_SIZE = 50_000;
/** Deciphered events kept in memory, across subjects. */
const MAX_CACHED_PLAINTEXTS = 20_000;

/**
 * Subjects' keys, cached because they are read often (every replayed event); a destroyed key is cached as null.
 * A key destroyed by another process (another API node) is noticed here within KEY_CACHE_MS.
 */
export class SubjectKeyCache {
  private readonly cache = new Map<string, { key: Buffer | null; at: number }>();

  constructor(private readonly keyStore: SubjectKeyStore) {}

  /** The cached entry, if still good at `now`. */
  cached(subjectId: string, now: number): { key: Buffer | null } | undefined {
    const entry = this.cache.get(subjectId);
    return entry && (entry.key === null || now - entry.at < KEY_CACHE_MS) ? entry : undefined;
  }

  put(subjectId: string, key: Buffer | null, at: number): void {
    if (this.cache.size >= KEY_CACHE_SIZE) this.cache.clear();
    this.cache.set(subjectId, { key, at });
  }

  /** The subject's key is gone: remembered as null, for good. */
  forget(subjectId: string): void {
    this.cache.set(subjectId, { key: null, at: Date.now() });
  }

  /** From the cache, else the key store (creating the key when `create`). */
  async keyFor(subjectId: string, create: boolean): Promise<Buffer | null> {
    const entry = this.cached(subjectId, Date.now());
    if (entry) return entry.key;
    const key = await this.keyStore.keyFor(subjectId, { create });
    if (key !== null || create) this.put(subjectId, key, Date.now());
    return key;
  }

  /** The keys of a page's subjects not cached yet, in one key-store query where the store can (null: no subject). */
  async prefetch(parts: readonly ({ subject: string } | null)[], now: number): Promise<void> {
    if (!this.keyStore.keysFor) return;
    const missing = new Set<string>();
    for (const part of parts) if (part && !this.cached(part.subject, now)) missing.add(part.subject);
    if (missing.size > 0) for (const [subject, key] of await this.keyStore.keysFor([...missing])) this.put(subject, key, now);
  }
}

/**
 * Plaintexts by ciphertext, per subject. Every event also reaches the projections and a command
 * may re-read its stream, so without it events were deciphered again and again. A ciphertext
 * carries its own random IV, so equal ciphertexts under one subject's key are equal plaintexts.
 * Entries are used only while the key is still there, and go with it; bounded, oldest subject out first.
 */
export class PlaintextCache {
  private readonly plaintexts = new Map<string, Map<string, (string | undefined)[]>>();
  private size = 0;

  get(subject: string, sealed: string): (string | undefined)[] | undefined {
    return this.plaintexts.get(subject)?.get(sealed);
  }

  remember(subject: string, sealed: string, plain: (string | undefined)[]): void {
    let entries = this.plaintexts.get(subject);
    if (!entries) this.plaintexts.set(subject, (entries = new Map<string, (string | undefined)[]>()));
    entries.set(sealed, plain);
    this.size += 1;
    while (this.size > MAX_CACHED_PLAINTEXTS) this.forget(this.plaintexts.keys().next().value as string);
  }

  forget(subject: string): void {
    const entries = this.plaintexts.get(subject);
    if (!entries) return;
    this.size -= entries.size;
    this.plaintexts.delete(subject);
  }
}

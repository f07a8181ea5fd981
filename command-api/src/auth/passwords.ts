import pLimit from 'p-limit';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which makes GPU guessing costly.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool, which also does every file read and write (the event log, the read models,
 * document downloads). It has 4 threads (we leave UV_THREADPOOL_SIZE alone): 200 registrations at once held all four
 * for seconds, and a download waited behind them. At most 2 hashes run at a time; the rest queue here, in
 * the event loop, not in the pool. p-limit rather than a semaphore of our own.
 */
const HASHES_AT_ONCE = 2;
const hashing = pLimit(HASHES_AT_ONCE);

const scrypt = (password: string, salt: Buffer, params: ScryptOptions) =>
  hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

/** Encoded as `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verified against when the e-mail is unknown, so timing does not reveal which e-mails have accounts. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

import { createHash, randomInt } from 'node:crypto';

/** No 0/o, 1/l/i: the codes are read off paper and typed in. 31 letters and digits, 12 of them: about 59 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const COUNT = 10;

const newCode = (): string => {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
};

/** Ten single-use codes for a lost phone, shown once; only their hashes are kept. */
export const newRecoveryCodes = (): string[] => Array.from({ length: COUNT }, newCode);

/** The hash kept for a code, of its normalised form (no dashes or spaces, lower case), as the code schema gives it. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

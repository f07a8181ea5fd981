/** Bits per id in each layer, and hashes per id: about 1 % false "maybe" per layer. */
const BITS_PER_ID = 10;
const HASHES = 7;
const FIRST_CAPACITY = 16_384;

interface Layer {
  bits: Uint32Array;
  /** Number of bits, a power of two. */
  size: number;
  capacity: number;
  count: number;
}

function newLayer(capacity: number): Layer {
  let size = 32;
  while (size < capacity * BITS_PER_ID) size *= 2;
  return { bits: new Uint32Array(size / 32), size, capacity, count: 0 };
}

/** Two independent 32-bit hashes of a string (FNV-1a with two offsets), for double hashing. */
function hashes(id: string): [number, number] {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  // An odd step visits distinct bits of a power-of-two table.
  return [h1 >>> 0, (h2 | 1) >>> 0];
}

/**
 * The ids written so far, as a Bloom filter that grows by layers: "no" is certain, "maybe" is
 * about 1 % wrong per layer. About 10 bits per id, where a Set of UUID strings takes ~80 bytes.
 */
export class IdFilter {
  private readonly layers: Layer[] = [newLayer(FIRST_CAPACITY)];

  add(id: string): void {
    let layer = this.layers[this.layers.length - 1]!;
    if (layer.count >= layer.capacity) this.layers.push((layer = newLayer(layer.capacity * 2)));
    const [h1, h2] = hashes(id);
    const mask = layer.size - 1;
    for (let i = 0; i < HASHES; i++) {
      const bit = (h1 + Math.imul(i, h2)) & mask;
      layer.bits[bit >>> 5] = (layer.bits[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
    layer.count += 1;
  }

  mightHave(id: string): boolean {
    const [h1, h2] = hashes(id);
    return this.layers.some((layer) => {
      const mask = layer.size - 1;
      for (let i = 0; i < HASHES; i++) {
        const bit = (h1 + Math.imul(i, h2)) & mask;
        if (((layer.bits[bit >>> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
      }
      return true;
    });
  }
}

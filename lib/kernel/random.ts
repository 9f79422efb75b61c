// The server's one pool of random bytes for values made on hot paths (ids and UMA handles in lib/ids.ts, a card's
// number, CVV, references and IV), refilled 8 KiB at a time from Node's CSPRNG (randomFillSync). Each byte is handed
// out once. A crypto call per value went through Next.js's wrapper of node:crypto and OpenSSL's work per call: ~5 % of
// the server's CPU for a transfer's ids, ~10 % per card issued (profiled under bench:api).
import { randomFillSync } from "node:crypto";

const POOL = new Uint8Array(8192);
let at = POOL.length;

/** The pool that reserveRandom's offsets point into. */
export const RANDOM_POOL: Readonly<Uint8Array> = POOL;

/**
 * Reserves the pool's next `n` fresh bytes (at most 256) and returns where they start in RANDOM_POOL; read them
 * before anything else draws from the pool (lib/ids.ts reads a uuid's ten in place, without a copy).
 */
export function reserveRandom(n: number): number {
  if (n > 256) throw new RangeError("the random pool hands out at most 256 bytes at a time");
  if (at + n > POOL.length) {
    randomFillSync(POOL);
    at = 0;
  }
  const start = at;
  at += n;
  return start;
}

/** The next `n` bytes of the pool (at most 256), copied out. */
export function pooledRandomBytes(n: number): Buffer {
  const start = reserveRandom(n);
  return Buffer.from(POOL.subarray(start, start + n));
}

/** A uniform integer in [0, max) for max up to 65,536 (rejection sampling on two bytes, so no value is favoured). */
export function pooledRandomInt(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > 65_536) throw new RangeError("max must be an integer in 1..65536");
  const limit = 65_536 - (65_536 % max);
  for (;;) {
    const start = reserveRandom(2);
    const v = (POOL[start] << 8) | POOL[start + 1];
    if (v < limit) return v % max;
  }
}

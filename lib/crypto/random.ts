// Random values made on hot paths (a card's number, CVV, references and IV), from a pool of bytes that Node's CSPRNG
// (randomFillSync) refills 4 KiB at a time. Each byte is handed out once. A crypto call per value cost ~10 % of the
// server's CPU per card issued (profiled under bench:api: randomBytes and randomInt through Next.js's wrapper of
// node:crypto, and OpenSSL's work per call); ids have their own pool for the same reason (lib/ids.ts).
import { randomFillSync } from "node:crypto";

const POOL = Buffer.allocUnsafe(4096);
let at = POOL.length;

/** The next `n` bytes of the pool (at most 256), copied out. */
export function pooledRandomBytes(n: number): Buffer {
  if (n > 256) throw new RangeError("pooledRandomBytes hands out at most 256 bytes at a time");
  if (at + n > POOL.length) {
    randomFillSync(POOL);
    at = 0;
  }
  const out = Buffer.from(POOL.subarray(at, at + n));
  at += n;
  return out;
}

/** A uniform integer in [0, max) for max up to 65,536 (rejection sampling on two bytes, so no value is favoured). */
export function pooledRandomInt(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > 65_536) throw new RangeError("max must be an integer in 1..65536");
  const limit = 65_536 - (65_536 % max);
  for (;;) {
    const b = pooledRandomBytes(2);
    const v = (b[0] << 8) | b[1];
    if (v < limit) return v % max;
  }
}

// Resource ids are "<Type>:<uuid>" with time-ordered UUIDv7s; the database keeps
// the bare uuid. Time order makes ids usable as stable pagination cursors.
import { RANDOM_POOL as random, reserveRandom } from "./kernel/random";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then a 31-bit counter that starts
// at a random value each millisecond and counts up within it (so ids made in one
// process sort in the order they were made, even within a millisecond or if the
// clock steps back), then random bits. Random bytes come from the server's pool
// (lib/kernel/random.ts): a transfer makes about ten ids, and a random call per
// id (the uuid package's browser build, which the bundler picked) cost ~5 % of
// the server's CPU under load.
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let lastMs = -Infinity;
let counter = 0;

export function newUuid(): string {
  const r = reserveRandom(10);
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = ((random[r] << 23) | (random[r + 1] << 15) | (random[r + 2] << 7) | (random[r + 3] >>> 1)) & 0x3fffffff;
  } else if (++counter > 0x7fffffff) {
    lastMs += 1;
    counter = 0;
  }
  const ms = lastMs;
  const hi = Math.floor(ms / 0x10000);
  const lo = ms % 0x10000;
  return (
    HEX[(hi >>> 24) & 0xff] +
    HEX[(hi >>> 16) & 0xff] +
    HEX[(hi >>> 8) & 0xff] +
    HEX[hi & 0xff] +
    "-" +
    HEX[lo >>> 8] +
    HEX[lo & 0xff] +
    "-" +
    HEX[0x70 | ((counter >>> 27) & 0x0f)] +
    HEX[(counter >>> 19) & 0xff] +
    "-" +
    HEX[0x80 | ((counter >>> 13) & 0x3f)] +
    HEX[(counter >>> 5) & 0xff] +
    "-" +
    HEX[((counter & 0x1f) << 3) | (random[r + 4] & 0x07)] +
    HEX[random[r + 5]] +
    HEX[random[r + 6]] +
    HEX[random[r + 7]] +
    HEX[random[r + 8]] +
    HEX[random[r + 9]]
  );
}

/**
 * `bytes` random bytes as lower-case hex, from the same pool as newUuid (a customer's UMA handle): a call of
 * crypto.randomBytes per request went through Next.js's wrapper of it and cost ~2.5 % of a customer create.
 */
export function randomHex(bytes: number): string {
  if (bytes > 64) throw new RangeError("randomHex: at most 64 bytes");
  const start = reserveRandom(bytes);
  let out = "";
  for (let i = 0; i < bytes; i++) out += HEX[random[start + i]];
  return out;
}

/** The smallest UUIDv7 of millisecond `ms`: every id made at or after ms sorts at or above it. */
export function uuidFloorAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0").slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

export function toApiId(type: string, uuid: string): string {
  return `${type}:${uuid}`;
}

/** The uuid inside "<type>:<uuid>", or null when the string is not such an id. */
export function parseApiId(type: string, id: string): string | null {
  const prefix = `${type}:`;
  if (!id.startsWith(prefix)) return null;
  const uuid = id.slice(prefix.length);
  return UUID_RE.test(uuid) ? uuid.toLowerCase() : null;
}

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

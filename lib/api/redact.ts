// What the request log keeps of a body: the JSON with every secret replaced by
// "[REDACTED]" (secrets, passwords, tokens, keys, signatures, card numbers and
// CVCs, one-time codes, identity numbers, bearer links), cut to MAX_BODY_CHARS,
// and the resource ids it names, so a request can be found by the objects it touched.

export const REDACTED = "[REDACTED]";
export const MAX_BODY_CHARS = 16_384;
const MAX_OBJECT_IDS = 24;

/** Field names whose value is a secret whatever it looks like. */
const SECRET_KEY =
  /(secret|password|passphrase|passcode|token|signature|cvc|cvv|mnemonic|cardnumber|card_number|identifier|ssn|taxid)/i;
const SECRET_KEY_EXACT = /^(pan|pin|otp|code|credential|authorization|kycurl|revealurl|sessionurl)$/i;
const KEY_NAMES = /(private|api|secret|encryption|signing|session|client)_?key/i;
/** Names that contain a secret word but hold none (ids, types, timestamps of a token). */
const NOT_SECRET = /(id|ids|type|types|status|expiresat|createdat|updatedat|scheme|name|names)$/i;
/** One-time codes: a short all-digit string under a name that says code or otp. */
const CODE_KEY = /(code|otp)/i;
const CODE_VALUE = /^\d{4,10}$/;
/** A card number: 13-19 digits, optionally spaced or dashed, that passes the Luhn check. */
const PAN_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
const API_ID = /^[A-Z][A-Za-z]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function redactPans(text: string): string {
  if (!/\d{4}/.test(text)) return text;
  return text.replace(PAN_CANDIDATE, (m) => {
    const digits = m.replace(/[ -]/g, "");
    return digits.length >= 13 && luhn(digits) ? REDACTED : m;
  });
}

const EXACT = 1;
const CODE_NAME = 2;
const NOT_SECRET_NAME = 4;
const SECRET_NAME = 8;
const IS_CODE = 16;
/** What the patterns say of a field name, computed once per name: bodies repeat a few dozen names. */
const kinds = new Map<string, number>();
const MAX_KINDS = 4096;

function kindOf(key: string): number {
  let k = kinds.get(key);
  if (k === undefined) {
    k =
      (SECRET_KEY_EXACT.test(key) ? EXACT : 0) |
      (CODE_KEY.test(key) ? CODE_NAME : 0) |
      (NOT_SECRET.test(key) ? NOT_SECRET_NAME : 0) |
      (SECRET_KEY.test(key) || KEY_NAMES.test(key) ? SECRET_NAME : 0) |
      (key.toLowerCase() === "code" ? IS_CODE : 0);
    // Names come from clients' bodies: past the cap they are classified each time, not kept.
    if (kinds.size < MAX_KINDS) kinds.set(key, k);
  }
  return k;
}

export function isSecretField(key: string, value: unknown): boolean {
  const k = kindOf(key);
  if (k & EXACT) return !(k & IS_CODE && typeof value === "string" && /[A-Z_]/.test(value));
  if (k & CODE_NAME && typeof value === "string" && CODE_VALUE.test(value)) return true;
  if (k & NOT_SECRET_NAME) return false;
  return (k & SECRET_NAME) !== 0;
}

/** The parsed JSON value with secrets replaced: a copy where something changed, the value itself otherwise. */
export function redactValue(value: unknown, key = ""): unknown {
  if (key && isSecretField(key, value) && value !== null && value !== undefined && value !== "") return REDACTED;
  if (typeof value === "string") return redactPans(value);
  if (Array.isArray(value)) {
    const out = value.map((v) => redactValue(v));
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    let changed = false;
    for (const [k, v] of Object.entries(value)) {
      const r = redactValue(v, k);
      if (r !== v) changed = true;
      out[k] = r;
    }
    return changed ? out : value;
  }
  return value;
}

function cap(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…[truncated]` : text;
}

/** The stored form of a body's text: redacted JSON, or a placeholder for what is not JSON. */
export function redactBodyText(text: string | null | undefined): { text: string | null; parsed: unknown } {
  if (text === null || text === undefined || text === "") return { text: null, parsed: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { text: `[${Buffer.byteLength(text)} bytes, not JSON]`, parsed: undefined };
  }
  const redacted = redactValue(parsed);
  // Most bodies hold no secret: their text is kept as sent, without serializing them again.
  return { text: cap(redacted === parsed ? text : JSON.stringify(redacted)), parsed };
}

/** A query string with the values of secret parameters replaced. */
export function redactQuery(search: string): string | null {
  if (!search || search === "?") return null;
  const params = new URLSearchParams(search);
  for (const [k, v] of [...params.entries()]) {
    if (isSecretField(k, v)) params.set(k, REDACTED);
    else if (/\d{13}/.test(v)) params.set(k, redactPans(v));
  }
  return params.toString();
}

/**
 * The resource ids ("Customer:…", "Quote:…") a request names or its answer
 * returns: path parameters, then the request body, then the response's own
 * fields and those one object deeper. A list's `data` is not walked: reading a
 * list does not touch every object on the page.
 */
export function objectIdsOf(params: Iterable<string>, ...bodies: unknown[]): string[] {
  const ids = new Set<string>();
  const add = (v: unknown) => {
    // An id ends in a 36-character UUID: most strings fail the length test before the pattern runs.
    if (ids.size < MAX_OBJECT_IDS && typeof v === "string" && v.length >= 39 && API_ID.test(v)) ids.add(v);
  };
  for (const p of params) add(p);
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 2) return;
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 8)) {
        add(v);
        walk(v, depth + 1);
      }
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      if (k === "data" && Array.isArray(v) && depth === 0) continue;
      add(v);
      walk(v, depth + 1);
    }
  };
  for (const b of bodies) walk(b, 0);
  return [...ids];
}

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
/** A timestamp as the API writes them: its digit runs are far too short for a card number. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

function cap(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…[truncated]` : text;
}

/** Thrown by the scanner at the first character that is not JSON. */
class NotJson extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;
/** A depth the id collection never reaches. */
const UNWALKED = 99;
const REDACTED_JSON = JSON.stringify(REDACTED);

/**
 * One pass over a JSON text: checks it is JSON (as JSON.parse would), replaces the secrets (a secret-named
 * field's value whatever it is, card numbers in any string) and collects the resource ids a body holds (its
 * own fields and those two containers deeper, an array's first 8 items, never a list page's `data`), without
 * building the value: parsing it and walking it twice cost more than the log's whole budget left. Only the
 * strings that need it are decoded or re-encoded.
 */
class BodyScanner {
  private i = 0;
  /** Replacements so far: the text from `last` on is still to copy. */
  private readonly parts: string[] = [];
  private last = 0;
  /** > 0 inside a value being replaced whole: nothing inside it is replaced on its own. */
  private muted = 0;
  readonly ids: string[] = [];

  constructor(private readonly s: string) {}

  run(): string {
    this.value(0, false);
    this.ws();
    if (this.i !== this.s.length) throw new NotJson();
    if (this.parts.length === 0) return this.s;
    this.parts.push(this.s.slice(this.last));
    return this.parts.join("");
  }

  private replace(start: number, end: number, json: string): void {
    if (this.muted > 0) return;
    this.parts.push(this.s.slice(this.last, start), json);
    this.last = end;
  }

  private ws(): void {
    const s = this.s;
    let c = s.charCodeAt(this.i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.i);
  }

  /** The string token at i (i on its opening quote): its decoded value; i moves past it. */
  private string(): string {
    const s = this.s;
    const start = this.i;
    let end = s.indexOf('"', start + 1);
    for (;;) {
      if (end < 0) throw new NotJson();
      let back = 0;
      while (s.charCodeAt(end - 1 - back) === 92) back++;
      if (back % 2 === 0) break;
      end = s.indexOf('"', end + 1);
    }
    this.i = end + 1;
    const raw = s.slice(start + 1, end);
    if (raw.includes("\\")) {
      try {
        return JSON.parse(s.slice(start, end + 1)) as string;
      } catch {
        throw new NotJson();
      }
    }
    if (CONTROL.test(raw)) throw new NotJson();
    return raw;
  }

  /** The value at i. `walkDepth`: its depth for the id collection (UNWALKED past it); `collect`: an id here counts. */
  private value(walkDepth: number, collect: boolean): void {
    this.ws();
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === 34) {
      const start = this.i;
      const text = this.string();
      this.stringValue(text, start, collect);
    } else if (c === 123) this.object(walkDepth);
    else if (c === 91) this.array(walkDepth);
    else if (s.startsWith("true", this.i)) this.i += 4;
    else if (s.startsWith("false", this.i)) this.i += 5;
    else if (s.startsWith("null", this.i)) this.i += 4;
    else {
      NUMBER.lastIndex = this.i;
      if (!NUMBER.test(s)) throw new NotJson();
      this.i = NUMBER.lastIndex;
    }
  }

  private stringValue(text: string, start: number, collect: boolean): void {
    // An id is never a card number, and the card-number search is slow on a UUID's long digit runs.
    if (text.length >= 39 && API_ID.test(text)) {
      if (collect && this.ids.length < MAX_OBJECT_IDS) this.ids.push(text);
      return;
    }
    if (text.length >= 13 && /\d{4}/.test(text) && !UUID.test(text) && !ISO_TIME.test(text)) {
      const redacted = redactPans(text);
      if (redacted !== text) this.replace(start, this.i, JSON.stringify(redacted));
    }
  }

  private object(walkDepth: number): void {
    const s = this.s;
    const walked = walkDepth <= 2;
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 125) {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (s.charCodeAt(this.i) !== 34) throw new NotJson();
      const key = this.string();
      this.ws();
      if (s.charCodeAt(this.i) !== 58) throw new NotJson();
      this.i++;
      this.ws();
      const start = this.i;
      const c = s.charCodeAt(start);
      // A list page's `data` is not walked for ids.
      const childDepth = walked && !(walkDepth === 0 && c === 91 && key === "data") ? walkDepth + 1 : UNWALKED;
      if (c === 34) {
        const text = this.string();
        if (text !== "" && isSecretField(key, text)) this.replace(start, this.i, REDACTED_JSON);
        else this.stringValue(text, start, walked);
      } else if (c !== 110 && isSecretField(key, true)) {
        // A secret field's number, object or array goes whole (null stays null).
        this.muted++;
        this.value(childDepth, walked);
        this.muted--;
        this.replace(start, this.i, REDACTED_JSON);
      } else this.value(childDepth, walked);
      this.ws();
      const next = s.charCodeAt(this.i++);
      if (next === 125) return;
      if (next !== 44) throw new NotJson();
    }
  }

  private array(walkDepth: number): void {
    const s = this.s;
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 93) {
      this.i++;
      return;
    }
    // Ids are collected from an array's first 8 items only.
    for (let n = 0; ; n++) {
      const walked = walkDepth <= 2 && n < 8;
      this.value(walked ? walkDepth + 1 : UNWALKED, walked);
      this.ws();
      const next = s.charCodeAt(this.i++);
      if (next === 93) return;
      if (next !== 44) throw new NotJson();
    }
  }
}

/**
 * The stored form of a body's text (redacted JSON, or a placeholder for what is not JSON) and the resource ids
 * it holds (see objectIdsOf), in one pass over the text.
 */
export function redactBodyText(text: string | null | undefined): { text: string | null; ids: string[] } {
  if (text === null || text === undefined || text === "") return { text: null, ids: [] };
  const scanner = new BodyScanner(text);
  try {
    // Most bodies hold no secret: their text is kept as sent.
    return { text: cap(scanner.run()), ids: scanner.ids };
  } catch (err) {
    if (!(err instanceof NotJson) && !(err instanceof RangeError)) throw err;
    return { text: `[${Buffer.byteLength(text)} bytes, not JSON]`, ids: [] };
  }
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
 * returns: path parameters, then the ids redactBodyText found in the request
 * body, then the response's (its own fields and those up to two objects deeper;
 * a list's `data` is not walked: reading a list does not touch every object on the page).
 */
export function objectIdsOf(params: Iterable<string>, ...found: string[][]): string[] {
  const ids = new Set<string>();
  const add = (v: string) => {
    if (ids.size < MAX_OBJECT_IDS && v.length >= 39 && API_ID.test(v)) ids.add(v);
  };
  for (const p of params) add(p);
  for (const list of found) for (const id of list) add(id);
  return [...ids];
}

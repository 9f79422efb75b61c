// A multipart/form-data body read straight from its bytes, for the node:http dispatcher (lib/api/node.ts): building
// a web Request to call its formData() (a Headers object, a ReadableStream over the body, undici's reader) cost
// ~15 % of a document upload's server CPU. This is the same algorithm as undici's parser (Node's fetch; the
// WHATWG "multipart/form-data parser"), step for step, so a body it accepts yields the same entries; it answers
// null for anything it does not take exactly as undici would (an unusual Content-Type, a body undici would refuse),
// and the caller then hands the body to undici, so every refusal keeps undici's error.
import "server-only";

/** `multipart/form-data; boundary=…` as a client library writes it (a quoted or extra parameter: undici decides). */
const CONTENT_TYPE = /^multipart\/form-data;[ \t]*boundary=([A-Za-z0-9'()+_,./:=?-]{1,70})$/i;
const DD = Buffer.from("--");
const DDCRLF = Buffer.from("--\r\n");
const NAME = Buffer.from('form-data; name="');
const FILENAME = Buffer.from("; filename");
const HTTP_TOKEN = /^[!#$%&'*+\-.^_|~A-Za-z0-9]+$/; // undici's (no backtick)
const utf8 = new TextDecoder();

function startsWithAt(input: Buffer, start: Buffer, at: number): boolean {
  if (input.length < start.length) return false;
  for (let i = 0; i < start.length; i++) if (start[i] !== input[at + i]) return false;
  return true;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** The entries of a multipart/form-data body, in order, or null to leave it to undici. */
export function parseMultipartForm(input: Buffer, contentType: string): FormData | null {
  const m = CONTENT_TYPE.exec(contentType);
  if (!m) return null;
  const boundary = Buffer.from(`--${m[1]}`, "utf8");
  const entries: [string, string | File][] = [];
  let at = 0;
  while (input[at] === 13 && input[at + 1] === 10) at += 2;
  let end = input.length;
  while (input[end - 1] === 10 && input[end - 2] === 13) end -= 2;
  if (end !== input.length) input = input.subarray(0, end);
  for (;;) {
    if (!input.subarray(at, at + boundary.length).equals(boundary)) return null;
    at += boundary.length;
    if (
      (at === input.length - 2 && startsWithAt(input, DD, at)) ||
      (at === input.length - 4 && startsWithAt(input, DDCRLF, at))
    ) {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      return form;
    }
    if (input[at] !== 13 || input[at + 1] !== 10) return null;
    at += 2;
    const part = partHeaders(input, at);
    if (!part) return null;
    at = part.at + 2;
    const next = input.indexOf(boundary.subarray(2), at);
    if (next === -1) return null;
    const body = input.subarray(at, next - 4);
    at += body.length;
    if (part.encoding !== null) return null; // Content-Transfer-Encoding (base64): rare, left to undici
    if (input[at] !== 13 || input[at + 1] !== 10) return null;
    at += 2;
    if (part.filename !== null) {
      let type = part.contentType ?? "text/plain";
      if (!isAscii(type)) type = "";
      entries.push([part.name, new File([body as Uint8Array<ArrayBuffer>], part.filename, { type })]);
    } else {
      entries.push([part.name, utf8.decode(body)]); // drops a leading BOM, as undici's utf8DecodeBytes does
    }
  }
}

interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string | null;
  encoding: string | null;
  /** Where the blank line ending the headers starts. */
  at: number;
}

/** Sequence of bytes from `at` while `ok` holds: [start, end). */
function collect(input: Buffer, at: number, ok: (c: number) => boolean): number {
  while (at < input.length && ok(input[at])) at++;
  return at;
}

const notEol = (c: number) => c !== 10 && c !== 13;
const blank = (c: number) => c === 9 || c === 32;

/** Trims the tabs and spaces undici trims (leading when `leading`, trailing always), as [start, end). */
function trimmed(input: Buffer, start: number, end: number, leading: boolean): [number, number] {
  if (leading) while (start < end && blank(input[start])) start++;
  // undici's removeChars stops at index 1 when trimming from the end (`trail > 0`).
  let last = end - 1;
  while (last > start && blank(input[last])) last--;
  return [start, end === start ? start : last + 1];
}

function partHeaders(input: Buffer, at: number): PartHeaders | null {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  let encoding: string | null = null;
  for (;;) {
    if (input[at] === 13 && input[at + 1] === 10) {
      if (name === null) return null;
      return { name, filename, contentType, encoding, at };
    }
    const nameEnd = collect(input, at, (c) => c !== 10 && c !== 13 && c !== 58);
    const [hs, he] = trimmed(input, at, nameEnd, true);
    const headerName = input.toString("latin1", hs, he);
    if (!HTTP_TOKEN.test(headerName)) return null;
    at = nameEnd;
    if (input[at] !== 58) return null;
    at = collect(input, at + 1, blank);
    switch (headerName.toLowerCase()) {
      case "content-disposition": {
        name = filename = null;
        if (!startsWithAt(input, NAME, at)) return null;
        at += NAME.length;
        const n = quoted(input, at);
        if (!n) return null;
        name = n.value;
        at = n.at;
        if (startsWithAt(input, FILENAME, at)) {
          // `filename*="…"` is read as `filename="…"`, as undici reads it.
          if (input[at + FILENAME.length] === 42) return null; // rare: left to undici
          if (input[at + FILENAME.length] !== 61 || input[at + FILENAME.length + 1] !== 34) return null;
          at += FILENAME.length + 2;
          const f = quoted(input, at);
          if (!f) return null;
          filename = f.value;
          at = f.at;
        }
        break;
      }
      case "content-type":
      case "content-transfer-encoding": {
        const valueEnd = collect(input, at, notEol);
        const [vs, ve] = trimmed(input, at, valueEnd, false);
        const value = input.toString("latin1", vs, ve);
        if (headerName.toLowerCase() === "content-type") contentType = value;
        else encoding = value;
        at = valueEnd;
        break;
      }
      default:
        at = collect(input, at, notEol);
    }
    // undici checks `input[at] !== 13 && input[at + 1] !== 10` here: a part header line may end in CR or LF alone.
    if (input[at] !== 13 || input[at + 1] !== 10) return null;
    at += 2;
  }
}

/** A quoted name after its opening quote, with undici's %0A, %0D and %22 decoding; null when unterminated. */
function quoted(input: Buffer, at: number): { value: string; at: number } | null {
  const end = collect(input, at, (c) => c !== 10 && c !== 13 && c !== 34);
  if (input[end] !== 34) return null;
  const value = utf8.decode(input.subarray(at, end)).replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%22/g, '"');
  return { value, at: end + 1 };
}

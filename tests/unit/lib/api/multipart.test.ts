// The dispatcher's multipart reader gives the entries undici's formData() gives for every body it accepts, and
// leaves (null) every body it does not take exactly as undici would; NodeApiRequest.formData then answers as a web
// Request does, refusals included.
import { describe, expect, it } from "vitest";
import { parseMultipartForm } from "@/lib/api/multipart";
import { NodeApiRequest } from "@/lib/api/node";

const B = "----meridian-test-7MA4YWxkTrZu0gW";
const TYPE = `multipart/form-data; boundary=${B}`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x0d, 0x0a, 0x2d, 0x2d]);

function form(parts: string[], file?: { head: string; bytes: Buffer }, tail = `--${B}--\r\n`): Buffer {
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p));
  if (file) chunks.push(Buffer.from(file.head), file.bytes, Buffer.from("\r\n"));
  chunks.push(Buffer.from(tail));
  return Buffer.concat(chunks);
}
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (extra = "Content-Type: image/jpeg\r\n", name = "passport.jpg") =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n${extra}\r\n`;

async function entries(fd: FormData) {
  const out: [string, unknown][] = [];
  for (const [k, v] of fd.entries()) {
    out.push([
      k,
      typeof v === "string"
        ? v
        : { file: true, name: v.name, type: v.type, bytes: [...new Uint8Array(await v.arrayBuffer())] },
    ]);
  }
  return out;
}

async function undici(body: Buffer, type: string) {
  try {
    return {
      ok: await entries(
        await new Request("http://x/", {
          method: "POST",
          headers: { "content-type": type },
          body: new Uint8Array(body),
        }).formData(),
      ),
    };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const accepted: [string, Buffer, string?][] = [
  [
    "fields and a file",
    form([field("documentHolder", "Customer:0193"), field("documentType", "PASSPORT")], {
      head: fileHead(),
      bytes: JPEG,
    }),
  ],
  ["UTF-8 values and names, a BOM dropped", form([field("naméd", "\ufeffvalüe ✓"), field("empty", "")])],
  ["a file without Content-Type (text/plain)", form([], { head: fileHead(""), bytes: JPEG })],
  [
    "an empty file name and escaped quotes",
    form([field("a%22b%0Ac", "x")], { head: fileHead(undefined, ""), bytes: Buffer.alloc(0) }),
  ],
  [
    "leading CRLFs, no final CRLF",
    Buffer.concat([Buffer.from("\r\n\r\n"), form([field("a", "1")], undefined, `--${B}--`)]),
  ],
  [
    "an unknown part header and padded Content-Type",
    form([
      `--${B}\r\nX-Other:  y\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n` +
        "Content-Type:   text/csv  \r\n\r\nx,y\r\n",
    ]),
  ],
  ["repeated names", form([field("a", "1"), field("a", "2")])],
  ["upper-case type and boundary parameter name", form([field("a", "1")]), `Multipart/Form-Data; BOUNDARY=${B}`],
];

const refused: [string, Buffer, string?][] = [
  ["no closing boundary", Buffer.from(field("a", "1"))],
  ["garbage", Buffer.from("not multipart at all")],
  ["empty", Buffer.alloc(0)],
  ["a part without a name", form([`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n`])],
  ["a bad header name", form([`--${B}\r\nBad Name: x\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`])],
  ["a quoted boundary (left to undici)", form([field("a", "1")]), `multipart/form-data; boundary="${B}"`],
  ["another parameter (left to undici)", form([field("a", "1")]), `multipart/form-data; charset=utf-8; boundary=${B}`],
  [
    "filename* (left to undici)",
    form([`--${B}\r\nContent-Disposition: form-data; name="f"; filename*="a.txt"\r\n\r\nx\r\n`]),
  ],
  [
    "base64 transfer encoding (left to undici)",
    form([`--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Transfer-Encoding: base64\r\n\r\neA==\r\n`]),
  ],
  [
    "trailing text after the disposition (left to undici)",
    form([`--${B}\r\nContent-Disposition: form-data; name="a"; x=y\r\n\r\nx\r\n`]),
  ],
  ["not multipart", form([field("a", "1")]), "application/x-www-form-urlencoded"],
];

describe("parseMultipartForm", () => {
  it.each(accepted)("%s: the entries undici gives", async (_name, body, type = TYPE) => {
    const fast = parseMultipartForm(body, type);
    expect(fast).not.toBeNull();
    expect({ ok: await entries(fast!) }).toEqual(await undici(body, type));
  });

  it.each(refused)("%s: left to undici", (_name, body, type = TYPE) => {
    expect(parseMultipartForm(body, type)).toBeNull();
  });
});

describe("NodeApiRequest.formData", () => {
  const request = (body: Buffer, type = TYPE) =>
    new NodeApiRequest(
      "POST",
      "http://127.0.0.1/api/2025-10-13/documents",
      ["Content-Type", type],
      "",
      undefined,
      body,
    );

  it.each([...accepted, ...refused])("%s: answers as a web Request", async (_name, body, type = TYPE) => {
    let mine: { ok: unknown } | { error: string };
    try {
      mine = { ok: await entries(await request(body, type).formData()) };
    } catch (err) {
      mine = { error: (err as Error).message };
    }
    expect(mine).toEqual(await undici(body, type));
  });
});

// Built chunks (/_next/static) and the vendored reference renderers (/vendor) are sent from the brotli or
// gzip copy written at build (scripts/precompress.mjs, served by scripts/serve.mjs): the bytes a browser
// decodes are the file's, with the headers a cache needs, and what is not a static file still reaches Next.js.
import http from "node:http";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { server } from "../../support/api";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

// node:http, not fetch: fetch would ask for and undo the compression itself.
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const url = new URL(path, server().baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static files", () => {
  let chunk: string;
  let chunkBytes: Buffer;

  beforeAll(async () => {
    const page = await get("/signin");
    expect(page.status).toBe(200);
    const paths = [...page.body.toString().matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)].map((m) => m[0]);
    // The largest chunk the page names, so it is one the build compressed.
    const sized = paths.map((p) => ({
      p,
      size: readFileSync(`.next/static${p.slice("/_next/static".length)}`).length,
    }));
    chunk = sized.sort((a, b) => b.size - a.size)[0].p;
    chunkBytes = readFileSync(`.next/static${chunk.slice("/_next/static".length)}`);
    expect(chunkBytes.length).toBeGreaterThan(1024);
  });

  it("sends a chunk's brotli copy to a browser that accepts it, decoding to the built file, cached for good", async () => {
    const res = await get(chunk, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(chunkBytes.length);
    expect(brotliDecompressSync(res.body).equals(chunkBytes)).toBe(true);
  });

  it("sends the gzip copy when brotli is not accepted, and the file itself when nothing is", async () => {
    const gz = await get(chunk, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(chunkBytes)).toBe(true);

    const plain = await get(chunk);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(chunkBytes)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(chunk, { "accept-encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it("leaves a path that is no built file to Next.js, which answers 404", async () => {
    const res = await get("/_next/static/chunks/no-such-chunk.js", { "accept-encoding": "br" });
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).not.toBe("br");
  });

  it("sends the reference renderer compressed, revalidated by its ETag", async () => {
    const path = "/vendor/scalar/standalone.js";
    const file = readFileSync(`public${path}`);
    const res = await get(path, { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public,max-age=0,must-revalidate");
    expect(brotliDecompressSync(res.body).equals(file)).toBe(true);
    const etag = res.headers["etag"];
    expect(etag).toBeTruthy();
    const again = await get(path, { "accept-encoding": "br", "if-none-match": String(etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

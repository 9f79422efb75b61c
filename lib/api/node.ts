// Serves the versioned API straight from node:http (scripts/serve.mjs), without
// the Next.js request pipeline: the same operations (lib/api/registry.ts) through
// the same wrapper (handleOperation), so auth, validation, errors, idempotency,
// headers and logging are those of the Next route files, at a fraction of the
// per-request cost (docs/adr-004-direct-api-server.md). Anything it does not
// recognise as an operation path (openapi.json, unknown paths, HEAD/OPTIONS,
// unusual URLs) is left to Next.js, whose route files serve the same operations.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { newUuid } from "../ids";
import { log } from "../log";
import { DomainError } from "../kernel/errors";
import { malformedPathParams } from "./path-params";
import { ApiError, errorStatus } from "./errors";
import { MAX_MULTIPART_BODY_BYTES, plainError, runOperation, type PlainResponse } from "./handler";
import { API_BASE, type ApiRequest, type HttpMethod, type Operation } from "./operation";
import { operations } from "./registry";
import { serveMetrics } from "./metrics";
import { parseMultipartForm } from "./multipart";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = Operation<any, any, any>;
type Segment = { literal: string } | { param: string };

interface Route {
  segments: Segment[];
  byMethod: Map<HttpMethod, AnyOperation>;
  allow: string;
}

export interface ApiMatch {
  route: Route;
  params: Record<string, string>;
  /** The first path parameter that is not valid percent-encoded UTF-8 (params is then incomplete). */
  malformedParam?: string;
}

const METHODS = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const utf8 = new TextDecoder();
const PREFIX = `${API_BASE}/`;

function compile(ops: AnyOperation[]): Route[] {
  const byPath = new Map<string, Route>();
  for (const op of ops) {
    let route = byPath.get(op.path);
    if (!route) {
      const segments = op.path
        .split("/")
        .filter(Boolean)
        .map((s): Segment => (s.startsWith("{") && s.endsWith("}") ? { param: s.slice(1, -1) } : { literal: s }));
      route = { segments, byMethod: new Map(), allow: "" };
      byPath.set(op.path, route);
    }
    route.byMethod.set(op.method, op);
  }
  for (const route of byPath.values()) route.allow = [...route.byMethod.keys()].join(", ");
  return [...byPath.values()];
}

/** Static segments win over parameters, left to right, as in Next.js routing. */
function moreSpecific(a: Route, b: Route): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const al = "literal" in a.segments[i];
    const bl = "literal" in b.segments[i];
    if (al !== bl) return al;
  }
  return false;
}

export function createRouter(ops: AnyOperation[] = operations) {
  const routes = compile(ops);
  return function match(pathname: string): ApiMatch | null {
    if (!pathname.startsWith(PREFIX) || pathname.endsWith("/")) return null;
    const parts = pathname.slice(PREFIX.length).split("/");
    let best: Route | null = null;
    for (const route of routes) {
      if (route.segments.length !== parts.length) continue;
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const s = route.segments[i];
        ok = parts[i] !== "" && ("literal" in s ? s.literal === parts[i] : true);
      }
      if (ok && (!best || moreSpecific(route, best))) best = route;
    }
    if (!best) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const s = best.segments[i];
      if ("param" in s) {
        const value = decodeSegment(parts[i]);
        if (value === null) return { route: best, params, malformedParam: s.param };
        params[s.param] = value;
      }
    }
    return { route: best, params };
  };
}

/** A path segment percent-decoded, or null when it is not valid percent-encoded UTF-8. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The answer to an API path that is not valid percent-encoded UTF-8, or null for
 * any other path. Next.js answers such paths with a plain-text 500, so the
 * dispatcher answers them itself even when it leaves operations to Next.
 */
function malformedPathError(pathname: string, found: ApiMatch | null): DomainError | null {
  if (found?.malformedParam) {
    return malformedPathParams([
      { field: found.malformedParam, constraint: "FORMAT", message: "Not valid percent-encoded UTF-8" },
    ]);
  }
  if (found || pathname.split("/").every((segment) => decodeSegment(segment) !== null)) return null;
  return new ApiError(
    "NOT_FOUND",
    `No operation at this path (it is not valid percent-encoded UTF-8); see ${API_BASE}/openapi.json`,
  );
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The request as an operation reads it: headers looked up as a web Request's
 * Headers would answer (names in any case; repeated headers joined with ", "),
 * a JSON body already read as text, a multipart body as its bytes.
 */
export class NodeApiRequest implements ApiRequest {
  readonly headers: { get(name: string): string | null; has(name: string): boolean };

  constructor(
    readonly method: string,
    readonly url: string,
    private readonly rawHeaders: string[],
    private readonly body: string,
    /** The URL already parsed (the dispatcher parsed it to route the request). */
    readonly parsedUrl?: URL,
    /** A multipart body's bytes (formData reads them); absent for JSON operations. */
    private readonly raw?: Buffer,
  ) {
    const byName = new Map<string, string>();
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i].toLowerCase();
      const earlier = byName.get(name);
      byName.set(name, earlier === undefined ? rawHeaders[i + 1] : `${earlier}, ${rawHeaders[i + 1]}`);
    }
    this.headers = {
      get: (name) => byName.get(name.toLowerCase()) ?? null,
      has: (name) => byName.has(name.toLowerCase()),
    };
  }

  async text(): Promise<string> {
    return this.body;
  }

  /**
   * The form entries: read from the bytes directly when the body is as clients send it (lib/api/multipart.ts),
   * else by undici through a web Request, as before, so every other body (and every refusal) is undici's.
   */
  async formData(): Promise<FormData> {
    if (this.raw === undefined) throw new TypeError("This request was not sent as multipart/form-data");
    const fast = parseMultipartForm(this.raw, this.headers.get("content-type") ?? "");
    if (fast) return fast;
    const headers = new Headers();
    for (let i = 0; i < this.rawHeaders.length; i += 2) headers.append(this.rawHeaders[i], this.rawHeaders[i + 1]);
    const request = new Request(this.url, {
      method: this.method,
      headers,
      ...(this.raw.length > 0 ? { body: new Uint8Array(this.raw) } : {}),
    });
    return request.formData();
  }
}

function send(res: ServerResponse, response: PlainResponse): void {
  // Header names as a web Response would give them: lower case.
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers)) headers[key.toLowerCase()] = value;
  const body = response.body === null ? null : Buffer.from(response.body);
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

async function serve(req: IncomingMessage, res: ServerResponse, match: ApiMatch, url: URL): Promise<void> {
  const method = req.method as HttpMethod;
  const op = match.route.byMethod.get(method);
  if (!op) {
    req.resume();
    const allow = match.route.allow;
    send(
      res,
      plainError(
        new ApiError("METHOD_NOT_ALLOWED", `Method not allowed here; allowed: ${allow}`, undefined, { Allow: allow }),
        newUuid(),
      ),
    );
    return;
  }
  let body: Buffer | null = null;
  const declared = Number(req.headers["content-length"] ?? "0");
  if (method !== "GET" && method !== "DELETE" && !(declared > MAX_MULTIPART_BODY_BYTES)) {
    body = await readBody(req, MAX_MULTIPART_BODY_BYTES);
    if (body === null) {
      send(
        res,
        plainError(
          new ApiError("INVALID_REQUEST_FORMAT", `Request body exceeds ${MAX_MULTIPART_BODY_BYTES} bytes`),
          newUuid(),
        ),
      );
      return;
    }
  } else {
    req.resume();
  }
  // A JSON body is handed over as text (decoded as request.text() would), a multipart body as its bytes.
  const request =
    op.bodyKind === "multipart"
      ? new NodeApiRequest(method, url.href, req.rawHeaders, "", url, body ?? Buffer.alloc(0))
      : new NodeApiRequest(method, url.href, req.rawHeaders, body && body.length > 0 ? utf8.decode(body) : "", url);
  send(res, await runOperation(op, request, match.params));
}

/**
 * The node:http handler for the versioned API: returns false (touching nothing)
 * for requests it leaves to Next.js, true when it answers them itself. With
 * serveOperations false (dev, MERIDIAN_DIRECT_API=off) it answers only paths
 * Next.js cannot decode.
 */
export function createApiDispatcher(
  ops: AnyOperation[] = operations,
): (req: IncomingMessage, res: ServerResponse, serveOperations?: boolean) => boolean {
  const match = createRouter(ops);
  return (req, res, serveOperations = true) => {
    const rawUrl = req.url ?? "";
    if (rawUrl === "/metrics" && req.method === "GET") {
      serveMetrics(req, res).catch((err: unknown) => {
        log.error({ err }, "metrics collection failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return true;
    }
    if (!rawUrl.startsWith(PREFIX)) return false;
    let url: URL;
    try {
      url = new URL(rawUrl, `http://${req.headers.host ?? "localhost"}`);
    } catch {
      return false;
    }
    if (url.pathname !== rawUrl.split("?")[0]) return false;
    const found = match(url.pathname);
    const malformed = malformedPathError(url.pathname, found);
    if (malformed) {
      req.resume();
      const requestId = newUuid();
      send(res, plainError(malformed, requestId));
      log.info({ requestId, method: req.method, path: url.pathname, status: errorStatus(malformed) }, "request");
      return true;
    }
    if (!found || !serveOperations || !METHODS.has(req.method ?? "")) return false;
    serve(req, res, found, url).catch((err: unknown) => {
      const requestId = newUuid();
      log.error({ requestId, err }, "unhandled error in the API server");
      if (!res.headersSent)
        send(
          res,
          plainError(
            new ApiError("INTERNAL_ERROR", `Internal error. Quote request id ${requestId} when contacting support.`),
            requestId,
          ),
        );
      else res.destroy();
    });
    return true;
  };
}

// A small HTTP client for integration tests. Each test file makes its own
// platform through the operator API, so files are isolated tenants.
import { inject } from "vitest";
import pg from "pg";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send this exact string as the body instead of JSON-encoding `body`. */
  raw?: string | FormData;
  auth?: "basic" | "none" | { clientId: string; clientSecret: string } | { bearer: string };
}

export function server() {
  return inject("meridian");
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
    readonly clientSecret: string,
    readonly platformId: string,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const auth = opts.auth ?? "basic";
    if (auth === "basic")
      headers.authorization = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64")}`;
    else if (typeof auth === "object" && "bearer" in auth) headers.authorization = `Bearer ${auth.bearer}`;
    else if (typeof auth === "object")
      headers.authorization = `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString("base64")}`;
    let payload: string | FormData | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("GET", path, undefined, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("POST", path, body, opts);
  }
  patch<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("PATCH", path, body, opts);
  }
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("PUT", path, body, opts);
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("DELETE", path, undefined, opts);
  }

  /** Another client for the same platform with other credentials. */
  withCredentials(clientId: string, clientSecret: string): ApiClient {
    return new ApiClient(this.baseUrl, clientId, clientSecret, this.platformId);
  }
}

/** Creates a fresh platform (tenant) and returns a client authenticated as it. */
export async function newPlatform(
  name = "Test platform",
  target: { origin: string; baseUrl: string; operatorToken: string } = server(),
): Promise<ApiClient> {
  const s = target;
  const res = await fetch(`${s.origin}/api/operator/platforms`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.operatorToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`operator platform create failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { id: string; clientId: string; clientSecret: string };
  return new ApiClient(s.baseUrl, created.clientId, created.clientSecret, created.id.replace(/^Platform:/, ""));
}

let sharedPool: pg.Pool | undefined;
/** Direct database access for assertions about stored state (never to set up state the API can set up). */
export function database(): pg.Pool {
  sharedPool ??= new pg.Pool({ connectionString: server().databaseUrl, max: 4 });
  return sharedPool;
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  // generous by default: a loaded 2-core CI machine delivers webhooks and runs jobs slowly
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
  throw new Error(`Timed out waiting for ${opts.what ?? "condition"}${last ? `: ${(last as Error).message}` : ""}`);
}

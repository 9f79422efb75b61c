// The BFF's server-side client of Meridian's own API over loopback HTTP. The
// platform credentials (MERIDIAN_BFF_CLIENT_ID/SECRET, passed by the launcher)
// never leave the server; browsers reach the API only through BFF routes.
import "server-only";
import { env } from "../env";
import { API_BASE } from "../kernel/api-base";
import { platformOfClient } from "../domain/platform/tokens";

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** An error as the BFF answers it: the API's own code, and `reason` as text for people. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: string,
    readonly details?: unknown,
    /** The API's own refusal, passed through: its reason is written for developers. */
    readonly fromApi = false,
    /** Headers of the API's refusal the caller must see too (Retry-After of a 503 or 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
  }
}

function credentials(): { clientId: string; clientSecret: string } {
  const clientId = process.env.MERIDIAN_BFF_CLIENT_ID ?? process.env.MERIDIAN_CLIENT_ID;
  const clientSecret = process.env.MERIDIAN_BFF_CLIENT_SECRET ?? process.env.MERIDIAN_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new BffError(
      503,
      "BFF_NOT_CONFIGURED",
      "The web app has no platform credentials: start Meridian with `npm start` " +
        "or set MERIDIAN_BFF_CLIENT_ID and MERIDIAN_BFF_CLIENT_SECRET.",
    );
  }
  return { clientId, clientSecret };
}

function apiOrigin(): string {
  return process.env.MERIDIAN_INTERNAL_ORIGIN ?? `http://127.0.0.1:${env().PORT}`;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses the caller handles itself; others throw BffError. Default: 2xx only. */
  accept?: number[];
}

const PASSED_ON = ["retry-after"];

function passedOnHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

export async function callApi<T = unknown>(
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResult<T>> {
  const { clientId, clientSecret } = credentials();
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
    ...opts.headers,
  };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${apiOrigin()}${API_BASE}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    cache: "no-store",
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const ok = res.status >= 200 && res.status < 300;
  if (!ok && !opts.accept?.includes(res.status)) {
    const err = (body ?? {}) as { code?: string; reason?: string; details?: unknown };
    throw new BffError(
      res.status,
      err.code ?? "API_ERROR",
      err.reason ?? `The API answered ${res.status}`,
      err.details,
      true,
      passedOnHeaders(res.headers),
    );
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export const api = {
  get: <T>(path: string, opts?: CallOptions) => callApi<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: CallOptions) => callApi<T>("POST", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: CallOptions) => callApi<T>("PATCH", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: CallOptions) => callApi<T>("PUT", path, { ...opts, body }),
  delete: <T>(path: string, opts?: CallOptions) => callApi<T>("DELETE", path, opts),
};

let platformIdCache: Promise<string> | undefined;

/** The platform the BFF acts for (the admin section's tenant), from its client id. */
export function bffPlatformId(): Promise<string> {
  platformIdCache ??= (async () => {
    const { clientId } = credentials();
    const platformId = await platformOfClient(clientId);
    if (!platformId)
      throw new BffError(
        503,
        "BFF_NOT_CONFIGURED",
        "The web app's platform credential was deleted; set MERIDIAN_BFF_CLIENT_ID/SECRET to a live token.",
      );
    return platformId;
  })().catch((err) => {
    platformIdCache = undefined;
    throw err;
  });
  return platformIdCache;
}

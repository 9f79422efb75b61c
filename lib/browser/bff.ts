// The browser's only way to the API: JSON calls to the app's BFF routes, with
// the session's CSRF token (rendered by the layout into <meta name="csrf-token">)
// on every state-changing call. Errors come back as a message meant for people.
import "client-only";
export interface BffResult<T> {
  ok: boolean;
  status: number;
  data: T;
  /** What went wrong and what to do, for people: the error envelope's `reason`, when !ok. */
  message: string;
  code?: string;
  /** The API's error details (e.g. details.errors[] of an INVALID_INPUT), when !ok. */
  details?: unknown;
}

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}

export async function bff<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<BffResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { "x-csrf-token": csrfToken() }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      status: 0,
      data: undefined as T,
      message: "Could not reach Meridian. Check your connection and try again.",
    };
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  const err = (data ?? {}) as { code?: string; reason?: string; details?: unknown };
  if (res.status === 401 && (err.code === "UNAUTHENTICATED" || err.code === "SESSION_EXPIRED")) {
    // The web session ended (revoked or expired elsewhere): go sign in again.
    const back = window.location.pathname.startsWith("/admin") ? "/admin/signin" : "/signin?ended=revoked";
    window.location.assign(back);
  }
  return {
    ok: res.ok,
    status: res.status,
    data: data as T,
    code: err.code,
    details: res.ok ? undefined : err.details,
    message: res.ok ? "" : (err.reason ?? `Request failed (HTTP ${res.status}). Try again.`),
  };
}

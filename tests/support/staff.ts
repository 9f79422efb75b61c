// Staff for webapp integration tests: staff accounts through the operator API
// and a cookie-jar "browser" that signs in through next-auth and calls the
// admin BFF with the session's CSRF token.
import { server } from "./api";

export async function createStaff(body: unknown, token = server().operatorToken, origin = server().origin) {
  const res = await fetch(`${origin}/api/operator/staff`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A minimal cookie jar over fetch, enough for next-auth's CSRF + callback dance. */
export class Browser {
  cookies = new Map<string, string>();
  csrf = "";
  /** The server's origin: the suite's unless a test runs its own. */
  constructor(readonly origin = server().origin) {}
  async fetch(path: string, init: RequestInit = {}) {
    const res = await fetch(`${this.origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  async signInStaff(email: string, password: string) {
    const { csrfToken } = (await (await this.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    return this.fetch("/api/auth/callback/staff", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
    });
  }
  /** Reads the session's CSRF token the way the browser does: from the admin layout's meta tag. */
  async loadCsrf(): Promise<string> {
    const html = await (await this.fetch("/admin")).text();
    const tag = /<meta[^>]*name="csrf-token"[^>]*>/.exec(html)?.[0] ?? "";
    this.csrf = /content="([^"]+)"/.exec(tag)?.[1] ?? "";
    if (!this.csrf) throw new Error("no csrf-token meta on /admin");
    return this.csrf;
  }
  /** A JSON call to a BFF route with the CSRF token, as lib/browser/bff.ts makes it. */
  async bff(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await this.fetch(path, {
      method,
      headers: { "content-type": "application/json", "x-csrf-token": this.csrf },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

/** A signed-in staff member of the given role, CSRF token loaded. */
export async function staffBrowser(
  role: "viewer" | "operator",
  target: { origin: string; operatorToken: string } = server(),
): Promise<Browser> {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const made = await createStaff(
    { email, name: `${role} tester`, role, password },
    target.operatorToken,
    target.origin,
  );
  if (made.status !== 201) throw new Error(`staff create failed: ${made.status}`);
  const b = new Browser(target.origin);
  const res = await b.signInStaff(email, password);
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`);
  await b.loadCsrf();
  return b;
}

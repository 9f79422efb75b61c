// Staff accounts (operator API) and staff sign-in through next-auth, at the HTTP boundary.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { database, server } from "../../support/api";
import { Browser, createStaff } from "../../support/staff";

describe("operator API: staff accounts", () => {
  it("creates a staff user, storing only a scrypt hash, and returns a generated password once", async () => {
    const email = `Op-${randomUUID().slice(0, 8)}@Example.com`;
    const res = await createStaff({ email, name: "Olga Operator", role: "operator" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), name: "Olga Operator", role: "operator" });
    expect(res.body.id).toMatch(/^StaffUser:[0-9a-f-]{36}$/);
    expect(typeof res.body.password).toBe("string");
    const row = await database().query("SELECT password_hash FROM staff_users WHERE email = $1", [email.toLowerCase()]);
    expect(row.rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(row.rows[0].password_hash).not.toContain(res.body.password);
  });

  it("rejects a duplicate email with 409 CONFLICT", async () => {
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    expect((await createStaff({ email, name: "A", role: "viewer" })).status).toBe(201);
    const again = await createStaff({ email, name: "B", role: "operator" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
  });

  it("lists every invalid field with 400 INVALID_INPUT", async () => {
    const res = await createStaff({ email: "not-an-email", name: "", role: "admin", password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "email",
      "name",
      "password",
      "role",
    ]);
  });

  it("refuses a wrong operator token with 401", async () => {
    const res = await createStaff({ email: "x@example.com", name: "X", role: "viewer" }, "wrong-token-0123456789");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });
});

describe("staff sign-in (next-auth) and the admin BFF", () => {
  it("signs in with the right password only; the session names the role; cookies are HttpOnly and SameSite", async () => {
    const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    const password = `pw-${randomUUID()}`;
    expect((await createStaff({ email, name: "Vera Viewer", role: "viewer", password })).status).toBe(201);

    const wrong = new Browser();
    await wrong.signInStaff(email, "wrong-password-000");
    const none = await (await wrong.fetch("/api/auth/session")).json();
    expect(none).toEqual({});

    const b = new Browser();
    const res = await b.signInStaff(email, password);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = await (await b.fetch("/api/auth/session")).json();
    expect(session.identity).toMatchObject({ kind: "staff", email, role: "viewer" });

    // A viewer is refused state changes even with a valid CSRF token; nobody signed in gets 401.
    const anon = await fetch(`${server().origin}/api/admin/sandbox/clock`, {
      method: "POST",
      body: JSON.stringify({ seconds: 5 }),
    });
    expect(anon.status).toBe(401);
    const denied = await b.fetch("/api/admin/sandbox/clock", { method: "POST", body: JSON.stringify({ seconds: 5 }) });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { code: string }).code).toBe("FORBIDDEN");
  });
});

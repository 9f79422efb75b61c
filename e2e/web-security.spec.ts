// The web app's security properties a browser must see: the sandbox banner,
// sign-out ending the embedded-wallet session, and sign-in flows that reveal
// nothing about which accounts exist.
import pg from "pg";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";
import type { Page } from "@playwright/test";
import { test, expect, createStaff, platformApi, signInStaff, shot } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../lib/kernel/signed-retry-headers";

test.describe("sandbox banner", () => {
  test("customer and admin pages say they are a sandbox", async ({ page, browser }, testInfo) => {
    await signUpCustomer(page, "Sandy Banner");
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Sandy Banner" })).toBeVisible();
    const banner = page.getByRole("note", { name: "Sandbox environment" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("test data only");
    await expect(banner).toContainText("Sign-in codes are not sent");
    await shot(page, testInfo, "customer-banner");

    const staffContext = await browser.newContext();
    const admin = await staffContext.newPage();
    await signInStaff(admin, await createStaff(admin.request, "viewer"));
    await admin.goto("/admin");
    await expect(admin.getByRole("link", { name: "Meridian admin" })).toBeVisible();
    await expect(admin.getByRole("note", { name: "Sandbox environment" })).toBeVisible();
    await shot(admin, testInfo, "admin-banner");

    await admin.goto("/signin");
    await expect(admin.getByRole("note", { name: "Sandbox environment" })).toContainText(
      "anyone can sign in as anyone",
    );
    await staffContext.close();
  });
});

/** The session-key records this browser keeps (lib/browser/key-store.ts). */
function heldSessionIds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const req = indexedDB.open("meridian-wallet", 1);
        req.onupgradeneeded = () => {
          req.result.createObjectStore("session-keys", { keyPath: "sessionId" });
          req.result.createObjectStore("pending-oauth", { keyPath: "state" });
        };
        req.onsuccess = () => {
          const all = req.result.transaction("session-keys").objectStore("session-keys").getAllKeys();
          all.onsuccess = () => {
            req.result.close();
            resolve(all.result as string[]);
          };
          all.onerror = () => reject(all.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );
}

async function walletSessionState(sessionId: string): Promise<{ listed: boolean; revoked: boolean }> {
  const db = new pg.Client({ connectionString: process.env.MERIDIAN_E2E_DATABASE_URL });
  await db.connect();
  try {
    const row = await db.query("SELECT revoked_at FROM wallet_sessions WHERE id = $1::uuid", [
      sessionId.replace(/^Session:/, ""),
    ]);
    return { listed: row.rows.length === 1, revoked: row.rows[0]?.revoked_at != null };
  } finally {
    await db.end();
  }
}

async function listedSessionIds(page: Page, accountId: string): Promise<string[]> {
  const res = await platformApi<{ data: { id: string }[] }>(
    page.request,
    "GET",
    `/auth/sessions?accountId=${encodeURIComponent(accountId)}`,
  );
  expect(res.status).toBe(200);
  return res.body.data.map((s) => s.id);
}

test.describe("sign-out ends the embedded-wallet session", () => {
  test("Sign out revokes the wallet session on the server (signed with its key) and deletes the key from IndexedDB", async ({
    page,
  }, testInfo) => {
    const c = await signUpCustomer(page, "Sid Signout");
    await page.goto("/wallet/sessions");
    await expect(page.getByRole("cell", { name: "This device" })).toBeVisible();
    expect(await heldSessionIds(page)).toEqual([c.sessionId]);
    expect(await listedSessionIds(page, c.accountId)).toContain(c.sessionId);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await shot(page, testInfo, "signed-out");
    expect(await heldSessionIds(page)).toEqual([]);
    expect(await listedSessionIds(page, c.accountId)).not.toContain(c.sessionId);
    expect(await walletSessionState(c.sessionId)).toEqual({ listed: true, revoked: true });
  });

  test("a web session that ended without signing out: the next page load revokes the held session and clears its key", async ({
    page,
    context,
  }) => {
    const c = await signUpCustomer(page, "Eve Expired");
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Eve Expired" })).toBeVisible();
    // The web session's cookie is gone (as when it expires); the key is still in IndexedDB.
    await context.clearCookies();
    expect(await heldSessionIds(page)).toEqual([c.sessionId]);

    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect.poll(() => heldSessionIds(page)).toEqual([]);
    await expect.poll(async () => (await walletSessionState(c.sessionId)).revoked).toBe(true);
    expect(await listedSessionIds(page, c.accountId)).not.toContain(c.sessionId);
  });
});

test.describe("sign-in reveals nothing about who has an account", () => {
  test("an email without an account goes to the code step like a real one, and its code fails like a wrong code", async ({
    page,
    browser,
  }, testInfo) => {
    const other = await browser.newPage();
    const real = await signUpCustomer(other, "Rita Real");
    await other.close();

    const messages: string[] = [];
    for (const address of [real.email, `nobody-${Date.now()}@example.com`]) {
      await page.goto("/signin");
      await page.getByRole("radio", { name: "Email code" }).check();
      await page.getByLabel("Email", { exact: true }).fill(address);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText(`We sent a code to ${address}.`)).toBeVisible();
      await page.getByLabel("One-time code").fill(address === real.email ? "123456" : "000000");
      await page.getByRole("button", { name: "Continue" }).click();
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText("That code is not right");
      messages.push((await alert.textContent()) ?? "");
      await shot(page, testInfo, address === real.email ? "wrong-code" : "unknown-account");
    }
    expect(messages[1]).toBe(messages[0]);
  });

  test("a sign-in ticket copied into a second browser does not sign it in; the browser that earned it signs in once", async ({
    page,
    browser,
  }) => {
    const origin = process.env.MERIDIAN_E2E_ORIGIN!;
    const post = async (p: Page, path: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await p.request.post(path, { data, headers: { origin, ...headers } });
      return { status: res.status(), body: await res.json().catch(() => undefined) };
    };
    const signup = await post(page, "/api/wallet/signup", {
      fullName: "Tia Ticket",
      email: `tia-${Date.now()}@example.com`,
    });
    const cred = await post(page, "/api/wallet/enroll", {
      enrollment: signup.body.enrollment,
      credential: { type: "EMAIL_OTP" },
    });
    const key = generateP256KeyPair();
    const bundle = cred.body.otpEncryptionTargetBundle as string;
    const body = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await encryptOtpCodeToBundle(
        "000000",
        bundle,
        key.publicKey,
        JSON.parse(bundle).enclaveQuorumPublic,
      ),
    };
    const path = `/api/wallet/credentials/${encodeURIComponent(cred.body.id)}/verify`;
    const first = await post(page, path, body);
    expect(first.status).toBe(202);
    const { stampHeaderValue } = await new ApiKeyStamper({
      apiPublicKey: key.publicKey,
      apiPrivateKey: key.privateKey,
    }).stamp(first.body.payloadToSign);
    const done = await post(page, path, body, {
      [WALLET_SIGNATURE_HEADER]: stampHeaderValue,
      [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
    });
    expect(done.status).toBe(200);

    const useTicket = async (p: Page) => {
      const csrf = (await (await p.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
      await p.request.post("/api/auth/callback/customer", {
        form: { csrfToken: csrf.csrfToken, ticket: done.body.ticket, json: "true" },
      });
      return ((await (await p.request.get("/api/auth/session")).json()) as { identity?: { kind: string } }).identity;
    };
    const second = await browser.newContext();
    const thief = await second.newPage();
    expect(await useTicket(thief)).toBeUndefined();
    await thief.goto("/wallet");
    await expect(thief.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await second.close();

    expect(await useTicket(page)).toMatchObject({ kind: "customer" });
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Tia Ticket" })).toBeVisible();
  });
});

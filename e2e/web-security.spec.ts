// The web app's security properties a browser must see: the sandbox banner,
// sign-out ending the embedded-wallet session, and sign-in flows that reveal
// nothing about which accounts exist.
import pg from "pg";
import type { Page } from "@playwright/test";
import { test, expect, createStaff, platformApi, signInStaff, shot } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";

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
    await expect(admin.getByRole("note", { name: "Sandbox environment" })).toContainText("anyone can sign in as anyone");
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
    const row = await db.query("SELECT revoked_at FROM wallet_sessions WHERE id = $1::uuid", [sessionId.replace(/^Session:/, "")]);
    return { listed: row.rows.length === 1, revoked: row.rows[0]?.revoked_at != null };
  } finally {
    await db.end();
  }
}

async function listedSessionIds(page: Page, accountId: string): Promise<string[]> {
  const res = await platformApi<{ data: { id: string }[] }>(page.request, "GET", `/auth/sessions?accountId=${encodeURIComponent(accountId)}`);
  expect(res.status).toBe(200);
  return res.body.data.map((s) => s.id);
}

test.describe("sign-out ends the embedded-wallet session", () => {
  test("Sign out revokes the wallet session on the server (signed with its key) and deletes the key from IndexedDB", async ({ page }, testInfo) => {
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

  test("a web session that ended without signing out: the next page load revokes the held session and clears its key", async ({ page, context }) => {
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

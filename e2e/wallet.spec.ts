import type { Page } from "@playwright/test";
import { test, expect, shot } from "./support/fixtures";
import { signInAgain, signUpCustomer } from "./support/customer";

/** A platform authenticator on this page (a "device"); remove it to stand for another device. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }) };
}

const unique = () => Math.random().toString(36).slice(2, 10);

test.describe("customer sign-in", () => {
  test("passkey sign-up and sign-in with a virtual authenticator", async ({ page }, testInfo) => {
    await virtualAuthenticator(page);
    const email = `pk-${unique()}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Pat Passkey");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("radio", { name: "Passkey" }).check();
    await shot(page, testInfo, "signup");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Pat Passkey" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Your balances" })).toBeVisible();
    await shot(page, testInfo, "wallet-overview");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.getByRole("radio", { name: "Passkey" }).check();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Pat Passkey" })).toBeVisible();
    // The session key never left the browser: it is a non-extractable CryptoKey in IndexedDB.
    const extractable = await page.evaluate(
      () =>
        new Promise<boolean[]>((resolve, reject) => {
          const req = indexedDB.open("meridian-wallet", 1);
          req.onsuccess = () => {
            const all = req.result.transaction("session-keys").objectStore("session-keys").getAll();
            all.onsuccess = () => resolve(all.result.map((r: { privateKey: CryptoKey }) => r.privateKey.extractable));
          };
          req.onerror = () => reject(req.error);
        }),
    );
    expect(extractable.length).toBeGreaterThan(0);
    expect(extractable.every((e) => e === false)).toBe(true);

    // This browser holds the account's passkey: adding another here is not offered (the authenticator would refuse).
    await page.goto("/wallet/credentials");
    const method = page.getByRole("combobox", { name: /Method/ });
    await expect(method.getByRole("option", { name: "Email code" })).toHaveCount(1);
    await expect(method.getByRole("option", { name: "Passkey" })).toHaveCount(0);
    await expect(page.getByText("This device already has a passkey for your wallet")).toBeVisible();
  });

  test("email OTP sign-in with the sandbox code; a wrong code says what to do", async ({ page, browser }, testInfo) => {
    const other = await browser.newPage();
    const customer = await signUpCustomer(other, "Olive Otp");
    await other.close();
    await page.goto("/signin");
    await page.getByRole("radio", { name: "Email code" }).check();
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("One-time code").fill("123456");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(/OTP|code/i);
    await shot(page, testInfo, "signin-otp-error");
    await page.getByRole("button", { name: "Send a new code" }).click();
    await page.getByLabel("One-time code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Olive Otp" })).toBeVisible();
  });

  test("SMS OTP sign-up and sign-in", async ({ page }) => {
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Sam Sms");
    await page.getByLabel("Email", { exact: true }).fill(`sms-${unique()}@example.com`);
    await page.getByLabel("Phone number (optional)").fill(phone);
    await page.getByRole("radio", { name: "Text message code" }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("One-time code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Sam Sms" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("radio", { name: "Text message code" }).check();
    await page.getByLabel("Phone number", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("One-time code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Sam Sms" })).toBeVisible();
  });

  test("OAuth sign-up and sign-in through the sandbox OpenID provider", async ({ page }, testInfo) => {
    const email = `oidc-${unique()}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Olga Oauth");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("radio", { name: "Sandbox OpenID" }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sandbox OpenID provider" })).toBeVisible();
    await shot(page, testInfo, "oidc-provider");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Sign in and continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Olga Oauth" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("radio", { name: "Sandbox OpenID" }).check();
    await page.getByRole("button", { name: "Continue with Sandbox OpenID" }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Sign in and continue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Olga Oauth" })).toBeVisible();
  });
});

test.describe("sessions and credentials", () => {
  test("sessions list, refresh and revocation; the revoked browser is signed out", async ({
    page,
    browser,
  }, testInfo) => {
    const customer = await signUpCustomer(page, "Sid Sessions");
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    const second = await signInAgain(other, customer);
    await other.goto("/wallet");
    await expect(other.getByRole("heading", { level: 1, name: "Hello, Sid Sessions" })).toBeVisible();

    await page.goto("/wallet/sessions");
    const table = page.getByRole("table", { name: "Your sessions" });
    await expect(table.getByRole("row")).toHaveCount(3);
    const currentRow = table.getByRole("row", { name: /Current/ });
    await expect(currentRow.locator(`[data-session-id="${customer.sessionId}"]`)).toHaveCount(1);
    await expect(currentRow).toContainText("This device");
    const otherRow = table.getByRole("row", { name: /Another device/ });
    await expect(otherRow.locator(`[data-session-id="${second.sessionId}"]`)).toHaveCount(1);
    await expect(table).not.toContainText(customer.sessionId.slice(-12));
    await shot(page, testInfo, "sessions");

    await page.getByRole("button", { name: "Refresh this session" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Session refreshed" })).toBeVisible();
    await expect(currentRow.locator(`[data-session-id="${customer.sessionId}"]`)).toHaveCount(0);

    await table
      .getByRole("row")
      .filter({ has: page.locator(`[data-session-id="${second.sessionId}"]`) })
      .getByRole("button", { name: /^Revoke / })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Session revoked." })).toBeVisible();
    await expect(table.locator(`[data-session-id="${second.sessionId}"]`)).toHaveCount(0);

    await other.reload();
    await expect(other).toHaveURL(/\/signin\?ended=revoked/);
    await expect(other.getByRole("main").getByRole("alert")).toContainText("signed out");
    await otherContext.close();
  });

  test("adding a passkey as a second credential and removing it", async ({ page }, testInfo) => {
    await signUpCustomer(page, "Cora Credentials");
    await virtualAuthenticator(page);
    await page.goto("/wallet/credentials");
    const list = page.getByRole("list", { name: "Your sign-in methods" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("combobox", { name: /Method/ }).selectOption("PASSKEY");
    await page.getByRole("button", { name: "Add sign-in method" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey added." })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await shot(page, testInfo, "credentials");
    await page.getByRole("button", { name: /Remove Passkey/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey removed." })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
  });

  test("a passkey per device: a second device adds its own, a device that has one is not given a duplicate", async ({
    page,
  }) => {
    await signUpCustomer(page, "Dana Devices");
    const laptop = await virtualAuthenticator(page);
    await page.goto("/wallet/credentials");
    const list = page.getByRole("list", { name: "Your sign-in methods" });
    const method = page.getByRole("combobox", { name: /Method/ });
    const add = page.getByRole("button", { name: "Add sign-in method" });
    await method.selectOption("PASSKEY");
    await add.click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey added." })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);

    // Passkey is still offered (another device may add one), but this device already holds one.
    await method.selectOption("PASSKEY");
    await add.click();
    await expect(page.getByRole("alert").filter({ hasText: "This device already has a passkey" })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);

    // Another device adds its own passkey next to the first.
    await laptop.remove();
    await virtualAuthenticator(page);
    await method.selectOption("PASSKEY");
    await add.click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey added." })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list.getByRole("listitem").filter({ hasText: "Passkey 2" })).toHaveCount(1);
  });

  test("a customer cannot reach another customer's data through the BFF", async ({ page, browser }) => {
    const alice = await signUpCustomer(page, "Alice Isolated");
    const otherContext = await browser.newContext();
    const bobPage = await otherContext.newPage();
    const bob = await signUpCustomer(bobPage, "Bob Isolated");
    await otherContext.close();

    await page.goto("/wallet/sessions");
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content"))!;
    const headers = { "x-csrf-token": csrf, origin: process.env.MERIDIAN_E2E_ORIGIN! };
    const mine = await (await page.request.get("/api/wallet/sessions")).json();
    expect(mine.data.map((s: { accountId: string }) => s.accountId)).toEqual([alice.accountId]);
    const revokeBob = await page.request.delete(`/api/wallet/sessions/${encodeURIComponent(bob.sessionId)}`, {
      headers,
    });
    expect(revokeBob.status()).toBe(404);
    const refreshBob = await page.request.post(`/api/wallet/sessions/${encodeURIComponent(bob.sessionId)}/refresh`, {
      headers,
      data: { clientPublicKey: alice.key.publicKey },
    });
    expect(refreshBob.status()).toBe(404);
    const removeBobCredential = await page.request.delete(
      `/api/wallet/credentials/${encodeURIComponent(bob.credentialId)}`,
      { headers },
    );
    expect(removeBobCredential.status()).toBe(404);
    // Staff routes are closed to customers.
    const admin = await page.request.post("/api/admin/sandbox/clock", { headers, data: { seconds: 60 } });
    expect(admin.status()).toBe(401);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/signin$/);
  });
});

test("the overview links an unverified customer to the hosted identity verification", async ({ page }, testInfo) => {
  await signUpCustomer(page, "Vera Verify");
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Identity verification" })).toContainText("Not verified");
  await page.getByRole("button", { name: "Verify your identity" }).click();
  await expect(page).toHaveURL(/\/kyc\//);
  await shot(page, testInfo, "hosted-kyc");
});

test("the wallet's recovery phrase is opened in the browser: 24 BIP-39 words that no response carries in clear", async ({
  page,
}, testInfo) => {
  const { validateMnemonic } = await import("@scure/bip39");
  const { wordlist } = await import("@scure/bip39/wordlists/english.js");
  await signUpCustomer(page, "Rhea Recovery");
  const bodies: string[] = [];
  page.on("response", async (res) => {
    if (res.url().includes("/api/")) bodies.push(await res.text().catch(() => ""));
  });
  await page.goto("/wallet");
  const section = page.getByRole("region", { name: "Wallet recovery phrase" });
  await section.getByRole("button", { name: "Show recovery phrase" }).click();
  await expect(section.getByRole("note")).toContainText("Anyone who sees them can take your money");
  await section.getByRole("button", { name: "Reveal" }).click();
  const phrase = section.getByRole("list", { name: "Recovery phrase" });
  await expect(phrase.getByRole("listitem")).toHaveCount(24);
  const words = await phrase.getByRole("listitem").allTextContents();
  expect(validateMnemonic(words.join(" "), wordlist)).toBe(true);
  await shot(page, testInfo, "recovery-phrase");
  // The export went through the signed retry and came back sealed.
  expect(bodies.some((b) => b.includes("payloadToSign"))).toBe(true);
  expect(bodies.some((b) => b.includes("encryptedWalletCredentials"))).toBe(true);
  for (const b of bodies) expect(b).not.toContain(words.slice(0, 4).join(" "));

  // Hidden again, it is gone from the page; shown again, it is the same wallet's phrase.
  await section.getByRole("button", { name: "Hide" }).click();
  await expect(phrase).toHaveCount(0);
  await section.getByRole("button", { name: "Show recovery phrase" }).click();
  await section.getByRole("button", { name: "Reveal" }).click();
  await expect(phrase.getByRole("listitem")).toHaveCount(24);
  expect(await phrase.getByRole("listitem").allTextContents()).toEqual(words);
});

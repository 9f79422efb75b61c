import { test, expect, signInStaff, platformApi, shot } from "./support/fixtures";

test.describe("admin section", () => {
  test("staff sign in with the form; a wrong password says what to do; sign-out ends the session", async ({
    page,
    operator,
  }, testInfo) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await page.getByLabel("Email").fill(operator.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("do not match a staff account");
    await shot(page, testInfo, "admin-signin-error");
    await page.getByLabel("Password").fill(operator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Overview" }),
    ).toHaveAttribute("aria-current", "page");
    await shot(page, testInfo, "admin-overview");
    // Sign-out's code is fetched when the button is pressed (not with the page): it still ends the session.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/signin/);
    await page.goto("/admin/customers");
    await expect(page).toHaveURL(/\/admin\/signin/);
  });

  test("after repeated wrong passwords the sign-in form says, in words, that sign-in is paused", async ({
    page,
    viewer,
  }, testInfo) => {
    await page.goto("/admin/signin");
    await page.getByLabel("Email").fill(viewer.email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Password").fill(`wrong-password-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("do not match a staff account");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    // Even the right password waits now, and the page explains it without codes.
    await page.getByLabel("Password").fill(viewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Too many unsuccessful sign-in attempts");
    await expect(alert).toContainText("wait, then try again");
    await expect(alert).not.toContainText("RATE_LIMITED");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await shot(page, testInfo, "admin-signin-paused");
  });

  test("an operator sees customers with verification state and funds an account", async ({
    page,
    operator,
  }, testInfo) => {
    const created = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: `e2e-${Date.now()}`,
      fullName: "Ada Admin Lovelace",
      email: `ada-${Date.now()}@example.com`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await signInStaff(page, operator);

    await page.goto("/admin/customers");
    const row = page.getByRole("row", { name: /Ada Admin Lovelace/ });
    await expect(row).toContainText("Identity: not verified");
    await shot(page, testInfo, "admin-customers");
    await row.getByRole("link", { name: "Ada Admin Lovelace" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ada Admin Lovelace" })).toBeVisible();
    await shot(page, testInfo, "admin-customer");

    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(created.body.id)}`,
    );
    const wallet = accounts.body.data.find((a: { type: string }) => a.type === "EMBEDDED_WALLET");
    await page.goto("/admin/accounts");
    // The account is named by kind and customer, never by id.
    const accountRow = page.getByRole("row", { name: /Wallet \(USDB\) Ada Admin Lovelace/ });
    await accountRow.getByLabel(/Amount/).fill("12.34");
    await accountRow.getByRole("button", { name: "Fund" }).click();
    await expect(accountRow.getByRole("status")).toContainText("Added 12.34");
    await expect(page.getByRole("row", { name: /Wallet \(USDB\) Ada Admin Lovelace/ })).toContainText("12.34 USDB");
    await expect(page.getByRole("main")).not.toContainText(wallet.id);
    await shot(page, testInfo, "admin-accounts");
  });

  test("configuration, tokens, sandbox clock and webhook retry", async ({ page, operator }, testInfo) => {
    await signInStaff(page, operator);
    await page.goto("/admin/config");
    await expect(page.getByRole("heading", { level: 1, name: "Platform configuration" })).toBeVisible();
    const flag = page.getByRole("checkbox", { name: /Skip verification paperwork/ });
    const before = await flag.isChecked();
    await flag.setChecked(!before);
    await page.getByRole("button", { name: "Save configuration" }).click();
    await expect(page.getByRole("status")).toContainText("Configuration saved.");
    expect((await platformApi(page.request, "GET", "/config")).body.skipVerificationPaperwork).toBe(!before);
    await flag.setChecked(before);
    await page.getByRole("button", { name: "Save configuration" }).click();
    await expect(page.getByRole("status")).toContainText("Configuration saved.");
    await shot(page, testInfo, "admin-config");

    await page.goto("/admin/tokens");
    const name = `e2e token ${Date.now()}`;
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("status")).toContainText("Copy the secret now");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
    await shot(page, testInfo, "admin-tokens");
    await page.getByRole("button", { name: `Delete token ${name}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

    await page.goto("/admin/sandbox");
    await page.getByLabel("Minutes").fill("5");
    await page.getByRole("button", { name: "Advance time" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Advanced 5 minute(s)" })).toBeVisible();
    await shot(page, testInfo, "admin-sandbox");

    // A TEST event to an endpoint that refuses it, then a retry from the webhooks page.
    await platformApi(page.request, "PATCH", "/config", {
      webhookEndpoint: `${new URL(process.env.MERIDIAN_E2E_API!).origin}/api/health-no-such-route`,
    });
    // The panel offers a plain test only once an endpoint is set (without one it could only fail).
    await page.reload();
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(
      page
        .getByRole("main")
        .getByRole("alert")
        .or(page.getByRole("status").filter({ hasText: "Test webhook" })),
    ).toBeVisible();
    await page.goto("/admin/webhooks");
    const event = page.getByRole("article", { name: /Webhook TEST/ }).first();
    await expect(event).toBeVisible();
    await event.getByText("Payload").click();
    await expect(event.getByText('"type": "TEST"')).toBeVisible();
    await event.getByRole("button", { name: /Retry delivery/ }).click();
    await expect(event.getByRole("status")).toContainText("Delivery queued.");
    await expect(async () => {
      await page.reload();
      await expect(
        page
          .getByRole("article", { name: /Webhook TEST/ })
          .first()
          .getByRole("row"),
      ).toHaveCount(3, { timeout: 500 });
    }).toPass();
    await shot(page, testInfo, "admin-webhooks");
    await platformApi(page.request, "PATCH", "/config", { webhookEndpoint: null });
  });

  test("a viewer reads but cannot change anything; state changes need the CSRF token", async ({
    page,
    viewer,
    operator,
  }) => {
    await signInStaff(page, viewer);
    await page.goto("/admin/accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Accounts and balances" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Fund" })).toHaveCount(0);
    await page.goto("/admin/sandbox");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("That page is for operators");
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute("content");
    const denied = await page.request.post("/api/admin/sandbox/clock", {
      data: { seconds: 60 },
      headers: { "x-csrf-token": csrf!, origin: process.env.MERIDIAN_E2E_ORIGIN! },
    });
    expect(denied.status()).toBe(403);

    await signInStaff(page, operator);
    const noToken = await page.request.post("/api/admin/sandbox/clock", {
      data: { seconds: 60 },
      headers: { origin: process.env.MERIDIAN_E2E_ORIGIN! },
    });
    expect(noToken.status()).toBe(403);
    expect((await noToken.json()).code).toBe("CSRF_REJECTED");
    await page.goto("/admin");
    const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
    const crossSite = await page.request.post("/api/admin/sandbox/clock", {
      data: { seconds: 60 },
      headers: { "x-csrf-token": token!, origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    const ok = await page.request.post("/api/admin/sandbox/clock", {
      data: { seconds: 60 },
      headers: { "x-csrf-token": token!, origin: process.env.MERIDIAN_E2E_ORIGIN! },
    });
    expect(ok.status()).toBe(200);
  });

  test("app pages send a strict CSP and security headers, and run without CSP violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto("/admin/signin");
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res!.headers()["x-frame-options"]).toBe("DENY");
    expect(res!.headers()["x-content-type-options"]).toBe("nosniff");
    // Hydrated: the client-side form reacts.
    await page.getByLabel("Email").fill("x@example.com");
    await page.getByLabel("Password").fill("wrong-password-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    expect(violations).toEqual([]);
  });
});

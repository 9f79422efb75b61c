// Every page, as a customer, as staff and signed out: no serious or critical
// axe-core violation, no CSP violation, a page load under 500 ms (measured and
// attached, not asserted: speed targets are reported, never timed assertions),
// and a screenshot at 1280 and 375 px wide attached to the run.
import type { Page, TestInfo } from "@playwright/test";
import { test, expect, platformApi, signInStaff } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";
import { rawTextOn } from "./support/raw-text";
import { seriousAxeViolations } from "./support/axe";
import { bankAccount, fundedUsdAccount, pay } from "./support/payments";

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

interface Visit {
  path: string;
  name: string;
  heading: RegExp | string;
  /** Scan with axe at phone width too (the pages built for phones; every page is scanned at desktop width). */
  phoneAxe?: boolean;
  /** Pages written for developers (the API reference) may show codes and paths; every other page may not. */
  developerText?: boolean;
}

const PUBLIC: Visit[] = [
  { path: "/", name: "home", heading: "Meridian", phoneAxe: true },
  { path: "/signin", name: "signin", heading: "Sign in", phoneAxe: true },
  { path: "/signup", name: "signup", heading: /Create|Sign up|Open/, phoneAxe: true },
  {
    path: "/docs/api",
    name: "api-reference",
    heading: "Meridian Global Payments API",
    phoneAxe: true,
    developerText: true,
  },
  // The largest group page (every bank-account variant of the external-account operations).
  {
    path: "/docs/api/external-accounts",
    name: "api-reference-external-accounts",
    heading: "External Accounts",
    phoneAxe: true,
    developerText: true,
  },
  { path: "/admin/signin", name: "admin-signin", heading: "Staff sign-in" },
  { path: "/no-such-page", name: "not-found", heading: "Page not found" },
];

const CUSTOMER: Visit[] = [
  { path: "/wallet", name: "wallet-home", heading: /^Hello/, phoneAxe: true },
  { path: "/wallet/balances", name: "wallet-balances", heading: "Balances", phoneAxe: true },
  { path: "/wallet/send", name: "wallet-send", heading: /Send/, phoneAxe: true },
  { path: "/wallet/receive", name: "wallet-receive", heading: "Receive money", phoneAxe: true },
  { path: "/wallet/transactions", name: "wallet-transactions", heading: "Transactions", phoneAxe: true },
  { path: "/wallet/external-accounts", name: "wallet-external-accounts", heading: /External accounts/, phoneAxe: true },
  { path: "/wallet/sessions", name: "wallet-sessions", heading: /Sessions/, phoneAxe: true },
  { path: "/wallet/credentials", name: "wallet-credentials", heading: "Sign-in methods", phoneAxe: true },
  { path: "/wallet/cards", name: "wallet-cards", heading: "Your cards", phoneAxe: true },
  { path: "/wallet/more", name: "wallet-more", heading: "More", phoneAxe: true },
  { path: "/wallet/no-such-page", name: "wallet-not-found", heading: "Page not found", phoneAxe: true },
];

const ADMIN: Visit[] = [
  { path: "/admin", name: "admin-overview", heading: "Overview" },
  { path: "/admin/customers", name: "admin-customers", heading: /Customers/ },
  { path: "/admin/accounts", name: "admin-accounts", heading: /Accounts/ },
  { path: "/admin/transactions", name: "admin-transactions", heading: /Transactions/ },
  { path: "/admin/external-accounts", name: "admin-external-accounts", heading: /External accounts/ },
  { path: "/admin/agents", name: "admin-agents", heading: /Agents/ },
  { path: "/admin/approvals", name: "admin-approvals", heading: /Approvals|approval/ },
  { path: "/admin/stablecoins", name: "admin-stablecoins", heading: /Stablecoins/ },
  { path: "/admin/webhooks", name: "admin-webhooks", heading: /Webhook/ },
  // The request log lists API calls for staff: the method and path are its content.
  { path: "/admin/requests", name: "admin-requests", heading: "Request log", developerText: true },
  { path: "/admin/tokens", name: "admin-tokens", heading: /API tokens/ },
  { path: "/admin/config", name: "admin-config", heading: /configuration/i },
  { path: "/admin/sandbox", name: "admin-sandbox-panel", heading: "Sandbox panel" },
  // Faults are set per API operation, picked by the operation's own summary (which names its error codes).
  { path: "/admin/faults", name: "admin-sandbox-faults", heading: "Sandbox faults", developerText: true },
  // The rules name the API fields that carry magic values and the header's rule ids: developer text by design.
  { path: "/admin/rules", name: "admin-sandbox-rules", heading: "Sandbox rules", developerText: true },
  { path: "/admin/no-such-page", name: "admin-not-found", heading: "Page not found" },
];

/** Visits each page at both widths: heading, axe, CSP, load time and screenshots. */
async function tour(page: Page, testInfo: TestInfo, visits: Visit[]): Promise<void> {
  const cspViolations: string[] = [];
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
    else if (m.type() === "error") consoleErrors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  const timings: string[] = [];
  const rawText: string[] = [];
  const overflows: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const v of visits) {
      await page.goto(v.path);
      await expect(page.getByRole("heading", { level: 1, name: v.heading }).first()).toBeVisible();
      const { loadMs, serverMs } = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        if (!nav) return { loadMs: -1, serverMs: -1 };
        return {
          loadMs: Math.round(nav.loadEventEnd - nav.startTime),
          serverMs: Math.round(nav.responseStart - nav.startTime),
        };
      });
      // Nothing widens the page past the screen (a phone would scroll sideways).
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (sideways > 0) overflows.push(`${v.path} @${size.width}px is ${sideways}px wider than the screen`);
      if (!v.developerText) rawText.push(...(await rawTextOn(page)).map((r) => `${v.path} @${size.width}px: ${r}`));
      timings.push(`${v.path} @${size.width}px: ${loadMs} ms (first byte ${serverMs} ms)`);
      if (size.name === "desktop" || v.phoneAxe) {
        expect((await seriousAxeViolations(page)).map((x) => `@${size.width}: ${x}`)).toEqual([]);
      }
      await testInfo.attach(`${v.name}-${size.width}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    }
  }
  await testInfo.attach("page-load-times", { body: timings.join("\n"), contentType: "text/plain" });
  await testInfo.attach("console-errors", { body: consoleErrors.join("\n") || "none", contentType: "text/plain" });
  console.log(consoleErrors.join("\n"));
  console.log(timings.join("\n"));
  expect(cspViolations).toEqual([]);
  // A page's script errors (a hydration mismatch, say) fail the tour; the not-found pages' own 404 is expected.
  expect(consoleErrors.filter((e) => !/no-such-page: Failed to load resource: .* 404/.test(e))).toEqual([]);
  expect(overflows).toEqual([]);
  // No raw codes, ids or API messages in any page's visible text (collected over the tour, so one run lists all).
  expect([...new Set(rawText)]).toEqual([]);
}

test.describe("every page, at 1280 and 375 px", () => {
  // Dozens of pages, each at two widths with an axe scan and a full-page screenshot.
  test.describe.configure({ timeout: 600_000 });

  test("signed-out pages", async ({ page }, testInfo) => {
    await tour(page, testInfo, PUBLIC);
    // Issue 22, point 1: the home page leads customers in.
    await page.goto("/");
    const home = page.getByRole("main");
    await expect(home.getByRole("link", { name: "Open an account" })).toHaveAttribute("href", "/signup");
    await expect(home.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/signin");
    const favicon = await page.request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/icon/);
  });

  test("the customer's pages", async ({ page }, testInfo) => {
    const customer = await signUpCustomer(page, "Tess Tour");
    // Money on the account, so balances and lists (here and in the admin tour) show real rows to check for raw codes.
    const funded = await platformApi(page.request, "POST", `/sandbox/internal-accounts/${customer.accountId}/fund`, {
      amount: 2_500_000,
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    // A payment with a note, so the list has a row and its detail page is visited too.
    const usd = await fundedUsdAccount(page.request, customer.customerId, 50_000);
    const rent = await pay(
      page.request,
      usd,
      { accountId: await bankAccount(page.request, customer.customerId, "Rita Landlord", "0001") },
      12_000,
      "Rent for December",
    );
    await tour(page, testInfo, [
      ...CUSTOMER,
      {
        path: `/wallet/transactions/${encodeURIComponent(rent)}`,
        name: "wallet-transaction",
        heading: "Transaction",
        phoneAxe: true,
      },
    ]);

    // The phone's tab bar: six tabs whose labels keep at least 8 px apart, all on screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/wallet");
    const tabs = page.getByRole("navigation", { name: "Account" });
    await expect(tabs.getByRole("link", { name: "Activity" })).toBeVisible();
    const boxes = await tabs.evaluate((nav) =>
      [...nav.querySelectorAll("a")].flatMap((a) => {
        // The visible text of each tab (the label shown at this width), measured as laid out.
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        const rects: DOMRect[] = [];
        let text = "";
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          const shown = [...range.getClientRects()].filter((r) => r.width > 0);
          if (shown.length > 0) text += n.textContent ?? "";
          rects.push(...shown);
        }
        if (rects.length === 0) return [];
        const left = Math.min(...rects.map((r) => r.left));
        const right = Math.max(...rects.map((r) => r.right));
        return [{ text, left, right, top: Math.min(...rects.map((r) => r.top)) }];
      }),
    );
    expect(boxes.map((b) => b.text)).toEqual(["Overview", "Send", "Receive", "Activity", "Cards", "More"]);
    const gaps = boxes.slice(1).map((b, i) => Math.round((b.left - boxes[i].right) * 10) / 10);
    await testInfo.attach("tab-bar-label-gaps", {
      body: JSON.stringify({ boxes, gaps }, null, 2),
      contentType: "application/json",
    });
    for (const [i, gap] of gaps.entries())
      expect(gap, `between "${boxes[i].text}" and "${boxes[i + 1].text}"`).toBeGreaterThanOrEqual(8);
    for (const b of boxes) {
      expect(b.left, b.text).toBeGreaterThanOrEqual(0);
      expect(b.right, b.text).toBeLessThanOrEqual(375);
    }
    expect(new Set(boxes.map((b) => Math.round(b.top))).size, "the labels share one line").toBe(1);
    await testInfo.attach("wallet-tab-bar-375", { body: await tabs.screenshot(), contentType: "image/png" });

    // Issue 22, points 5 and 6: no control that can only fail, money people can read and copy.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/wallet/credentials");
    const mine = page.getByRole("list", { name: "Your sign-in methods" }).getByRole("listitem");
    await expect(
      mine.filter({ hasText: "Used for this session" }).getByRole("button", { name: /Remove/ }),
    ).toBeDisabled();
    await page.goto("/wallet");
    await expect(page.getByRole("region", { name: "Total balance" })).toContainText(/\d\.\d\d USD/);
    await expect(page.getByRole("main")).not.toContainText("0.000000");
    await page.goto("/wallet/receive");
    await expect(page.getByRole("button", { name: /^Copy your UMA address: \$/ })).toBeVisible();
  });

  test("the admin console's pages", async ({ page, operator }, testInfo) => {
    await signInStaff(page, operator);
    // A customer with a payment, so the customer's and the transaction's pages are visited too.
    const created = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: `e2e-tour-admin-${Date.now()}`,
      fullName: "Tom Tour",
      currencies: ["USD"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const usd = await fundedUsdAccount(page.request, created.body.id, 50_000);
    const rent = await pay(
      page.request,
      usd,
      { accountId: await bankAccount(page.request, created.body.id, "Rita Landlord", "0001") },
      12_000,
      "Rent for December",
    );
    await tour(page, testInfo, [
      ...ADMIN,
      { path: `/admin/customers/${encodeURIComponent(created.body.id)}`, name: "admin-customer", heading: "Tom Tour" },
      {
        path: `/admin/transactions/${encodeURIComponent(rent)}`,
        name: "admin-transaction",
        heading: /Outgoing payment of 120\.00 USD/,
      },
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Any customer is found by part of the name and opened from the customers page (the list shows the newest 100).
    await page.goto("/admin/customers");
    const finder = page.getByRole("combobox", { name: /^Find a customer/ });
    await finder.fill("tom tou");
    await page
      .getByRole("option", { name: /Tom Tour/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Tom Tour" })).toBeVisible();
    await page.goto("/admin");
    // The console's navigation fits: every section on screen without wrapping or scrolling sideways.
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of ["Overview", "Customers", "Transactions", "Webhooks", "Configuration", "Sandbox"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeInViewport();
    // The overview's charts are drawn (recharts renders its SVG in the browser).
    await expect(page.getByRole("img", { name: /Completed volume|No completed payments/ })).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
  });

  test("a new operator turns on the built-in sandbox webhook receiver and the test webhook is delivered", async ({
    page,
    operator,
  }, testInfo) => {
    await signInStaff(page, operator);
    await platformApi(page.request, "PATCH", "/config", { webhookEndpoint: null });
    try {
      await page.goto("/admin/sandbox");
      const section = page.getByRole("region", { name: "Test webhook" });
      await section.getByRole("button", { name: "Use the built-in receiver and send a test" }).click();
      await expect(section.getByRole("status")).toContainText("a test event was sent to it");
      await expect(section).toContainText("the built-in sandbox receiver");
      await testInfo.attach("admin-sandbox-receiver-1280", {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
      await page.goto("/admin/webhooks");
      await expect(page.getByRole("article", { name: /Webhook TEST/ }).first()).toContainText("Delivered");
    } finally {
      await platformApi(page.request, "PATCH", "/config", { webhookEndpoint: null });
    }
  });

  test("the hosted identity page sits under the app's header", async ({ page }, testInfo) => {
    const created = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: `e2e-tour-${Date.now()}`,
      fullName: "Hana Hosted",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = await platformApi(page.request, "POST", `/customers/${created.body.id}/kyc-link`, {
      redirectUri: "https://platform.example/done",
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const path = new URL(link.body.kycUrl).pathname;
    await tour(page, testInfo, [{ path, name: "hosted-identity", heading: /Verify your identity/ }]);
    await expect(page.getByRole("banner")).toContainText("Meridian");
    // At 375 px nothing on the page (its file input was 385 px wide) makes the document wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: /Verify your identity/ })).toBeVisible();
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.viewport).toBe(375);
    expect(widths.document, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
  });
});

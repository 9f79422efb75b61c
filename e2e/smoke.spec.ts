import { expect, test } from "@playwright/test";

test("the home page renders with its main links", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Meridian" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the API reference" })).toBeVisible();
  await testInfo.attach("home", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("the API reference (Redoc, rendered at build time): search, a sidebar that stays, curl and JavaScript examples", async ({
  page,
}, testInfo) => {
  const origin = new URL(process.env.MERIDIAN_E2E_ORIGIN!).origin;
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
      elsewhere.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "Meridian Global Payments API" })).toBeVisible();
  // Redoc's bundle hydrates the page once it has loaded; its search finds an operation by its words.
  await expect(page.locator("#redoc[data-hydrated]")).toBeAttached();
  await page.getByRole("textbox", { name: "Search" }).fill("signing key");
  await page
    .getByRole("menuitem", { name: /public key that verifies webhook signatures/ })
    .first()
    .click();
  // The search result's section links to its group's page for the details.
  await page
    .locator('[data-section-id="operation/getWebhookSigningKey"]')
    .getByRole("link", { name: "Parameters, request body, responses and examples" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" }).first()).toBeVisible();
  await expect(page.locator("#redoc[data-hydrated]")).toBeAttached();
  // The examples: curl first, JavaScript a tab away, both against this server.
  const samples = page.getByRole("tablist").filter({ hasText: "JavaScript" }).first();
  await expect(page.getByText(/curl -X GET ".*\/webhooks\/signing-key"/).first()).toBeVisible();
  await samples.getByRole("tab", { name: "JavaScript" }).click();
  await expect(page.getByText(/await fetch\(/).first()).toBeVisible();

  // A request body's fields; the sidebar stays in view as the page scrolls.
  await page.goto("/docs/api/platform-configuration");
  await expect(page.getByText("webhookEndpoint", { exact: true }).first()).toBeVisible();
  // Redoc replaces the rendered page when it hydrates; on a loaded 2-core machine that took longer than the default
  // 10 s once (the sidebar's items were not found), so the scroll waits for it, with room.
  await expect(page.locator("#redoc[data-hydrated]")).toBeAttached({ timeout: 30_000 });
  await page.mouse.wheel(0, 4000);
  await expect(page.getByRole("textbox", { name: "Search" })).toBeInViewport();
  await expect(page.getByRole("menuitem", { name: /Update platform configuration/i }).first()).toBeInViewport();
  expect(elsewhere, "requests that left this server").toEqual([]);
  await testInfo.attach("api-reference-group", { body: await page.screenshot(), contentType: "image/png" });
});

test("the interactive explorer renders the OpenAPI document offline, with search, examples and try-it", async ({
  page,
}, testInfo) => {
  // Scalar's bundle (4 MB of script) renders the document in the browser: on a loaded 2-core
  // machine that takes far longer than a page should, hence the opt-in page and these timeouts.
  test.setTimeout(180_000);
  const origin = new URL(process.env.MERIDIAN_E2E_ORIGIN!).origin;
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
      elsewhere.push(r.url());
  });
  await page.goto("/docs/api/explorer");
  await expect(page.getByRole("heading", { level: 1, name: /Meridian Global Payments API/ })).toBeVisible({
    timeout: 90_000,
  });
  const loadMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return Math.round(nav.loadEventEnd - nav.startTime);
  });
  testInfo.annotations.push({ type: "load event (ms)", description: String(loadMs) });

  // The sidebar lists the operations by tag; an operation shows a curl example.
  const sidebar = page.getByRole("complementary", { name: /Sidebar/ });
  await sidebar.getByRole("link", { name: "Platform Configuration" }).click();
  await expect(page.getByText(/curl/).first()).toBeVisible();

  // Search finds an operation by its words.
  await sidebar.getByRole("button", { name: /Open Search/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("input").first().fill("signing key");
  await expect(dialog.getByRole("option", { name: /webhooks\/signing-key/ })).toBeVisible();
  await page.keyboard.press("Escape");

  expect(elsewhere, "requests that left this server").toEqual([]);
  await testInfo.attach("api-reference", { body: await page.screenshot(), contentType: "image/png" });
});

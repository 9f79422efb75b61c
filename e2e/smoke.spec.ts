import { expect, test } from "@playwright/test";

test("the home page renders with its main links", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Meridian" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the API reference" })).toBeVisible();
  await testInfo.attach("home", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("the API reference renders the OpenAPI document offline, with search, examples and try-it", async ({
  page,
}, testInfo) => {
  // The renderer parses the whole OpenAPI document (~3.8 MB) in the browser: on a loaded
  // 2-core machine that took up to 30 s, so this test waits longer than the default.
  test.setTimeout(180_000);
  const origin = new URL(process.env.MERIDIAN_E2E_ORIGIN!).origin;
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
      elsewhere.push(r.url());
  });
  await page.goto("/docs/api");
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

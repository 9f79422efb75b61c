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
  const origin = new URL(process.env.MERIDIAN_E2E_ORIGIN!).origin;
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
      elsewhere.push(r.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: /Meridian Global Payments API/ })).toBeVisible();
  const loadMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return Math.round(nav.loadEventEnd - nav.startTime);
  });
  testInfo.annotations.push({ type: "load event (ms)", description: String(loadMs) });

  // The sidebar lists the operations by tag; an operation shows curl and an example answer.
  const sidebar = page.locator(".sidebar");
  await expect(sidebar.getByText("Platform Configuration", { exact: true }).first()).toBeVisible();
  await sidebar.getByText("Platform Configuration", { exact: true }).first().click();
  await expect(page.getByText("curl", { exact: false }).first()).toBeVisible();

  // Search finds an operation by its words.
  await page.keyboard.press("Control+k");
  const search = page
    .getByRole("combobox")
    .or(page.getByPlaceholder(/search/i))
    .first();
  await search.fill("webhook signing key");
  await expect(page.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Escape");

  expect(elsewhere, "requests that left this server").toEqual([]);
  await testInfo.attach("api-reference", { body: await page.screenshot(), contentType: "image/png" });
});

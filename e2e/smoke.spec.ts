import { expect, test } from "@playwright/test";

test("the home page renders with its main links", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Meridian" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the API reference" })).toBeVisible();
  await testInfo.attach("home", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("the API reference page lists the operations from the OpenAPI document", async ({ page }, testInfo) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: /Meridian Global Payments API/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Platform Configuration" })).toBeVisible();
  await expect(page.getByRole("article", { name: "GET /config" })).toBeVisible();
  await expect(page.getByRole("article", { name: "POST /tokens" })).toBeVisible();
  await testInfo.attach("api-reference", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

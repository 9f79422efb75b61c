// The sandbox rules in the admin console (issue 23, "Rule discovery"): staff reach the page from the navigation and
// find every rule GET /sandbox/rules lists, area by area, in words, with the name the Meridian-Sandbox-Rule header
// gives it. A viewer may read it. axe-clean page.
import { test, expect, platformApi, signInStaff, shot } from "./support/fixtures";
import { seriousAxeViolations } from "./support/axe";

test("staff read the sandbox's magic-value rules, area by area, as the API lists them", async ({
  page,
  viewer,
}, testInfo) => {
  const catalogue = (await platformApi(page.request, "GET", "/sandbox/rules")).body as {
    data: { id: string; area: string; match: string }[];
  };
  expect(catalogue.data.length).toBeGreaterThan(20);

  await signInStaff(page, viewer);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Sandbox rules" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox rules" })).toBeVisible();

  // Every rule is on the page, once: one row per rule across the areas' tables.
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(catalogue.data.length);
  for (const id of catalogue.data.map((r) => r.id)) await expect(page.getByText(id, { exact: true })).toHaveCount(1);

  const cards = page.getByRole("table", { name: "Cards: magic values and what they do" });
  const issuance = cards.getByRole("row").filter({ hasText: "card.issuance.002" });
  await expect(issuance).toContainText("suffix 002");
  const otp = page.getByRole("table", { name: "One-time codes: magic values and what they do" });
  await expect(otp.getByRole("row").filter({ hasText: "otp.sca" })).toContainText("equals 123456");
  await expect(page.getByRole("heading", { level: 2, name: "Identity verification (KYC)" })).toBeVisible();

  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot(page, testInfo, "admin-sandbox-rules");
});

// The admin request log (docs/sandbox.md "Request log"): a request found by the
// object it touched, its detail with redacted bodies, the webhook event it caused,
// and the way back from the object's page to its requests; axe-clean pages.
import type { Page } from "@playwright/test";
import { test, expect, platformApi, signInStaff, shot } from "./support/fixtures";
import { seriousAxeViolations } from "./support/axe";

async function axeClean(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("staff follow a request to its objects and webhook events, and back", async ({ page, viewer }, testInfo) => {
  const fullName = `Logged Person ${Date.now().toString().slice(-6)}`;
  const created = await platformApi(page.request, "POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName,
    currencies: ["USD"],
    identifier: "987-65-4321",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const customerId = created.body.id as string;
  const accounts = await platformApi(page.request, "GET", `/customers/internal-accounts?customerId=${customerId}`);
  const accountId = accounts.body.data[0].id as string;
  expect(
    (await platformApi(page.request, "POST", `/sandbox/internal-accounts/${accountId}/fund`, { amount: 2500 })).status,
  ).toBe(200);

  await signInStaff(page, viewer);
  await page.goto("/admin/requests");
  await expect(page.getByRole("heading", { level: 1, name: "Request log" })).toBeVisible();
  // Staff pick the customer by name (issue 22); developers may still type an object id (below).
  const filters = page.getByRole("form", { name: "Filter requests" });
  await filters.getByRole("combobox", { name: /^Customer/ }).fill(fullName);
  await filters.getByRole("option", { name: new RegExp(fullName) }).click();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/customerId=Customer/);
  await expect(filters.getByRole("group", { name: /^Customer/ })).toContainText(fullName);
  const table = page.getByRole("table", { name: "API requests, newest first" });
  const createRow = table.getByRole("row").filter({ hasText: "POST /customers" });
  await expect(createRow).toBeVisible();
  await axeClean(page);
  await shot(page, testInfo, "admin-requests-filtered");

  await createRow.getByRole("link", { name: "POST /customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "POST /customers" })).toBeVisible();
  const requestBody = page.getByLabel("Request body");
  await expect(requestBody).toContainText('"identifier": "[REDACTED]"');
  await expect(requestBody).not.toContainText("987-65-4321");
  await expect(page.getByLabel("Response body")).toContainText(customerId);
  await axeClean(page);
  await shot(page, testInfo, "admin-request-detail");

  // the object it created, and back from the customer's page to its requests
  await page
    .getByRole("region", { name: "Objects" })
    .getByRole("link", { name: `Customer …${customerId.slice(-8)}`, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${encodeURIComponent(customerId)}`));
  await page.getByRole("link", { name: "API requests about this customer" }).click();
  await expect(
    page
      .getByRole("table", { name: "API requests, newest first" })
      .getByRole("row")
      .filter({ hasText: "POST /customers" }),
  ).toBeVisible();

  // the fund request (found by the account's id, typed as a developer would) and the webhook event it caused
  await page.goto("/admin/requests");
  await page.getByLabel(/^Object id/).fill(accountId);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/objectId=InternalAccount/);
  await page.getByRole("link", { name: /^POST \/sandbox\/internal-accounts\/.*\/fund$/ }).click();
  const events = page.getByRole("table", { name: /Webhook events about this request's objects/ });
  await expect(events.getByRole("row").nth(1)).toBeVisible();
  await axeClean(page);
  await shot(page, testInfo, "admin-request-webhook");
  await events.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook deliveries" })).toBeVisible();
  await page.getByRole("link", { name: "API requests about this event's object" }).first().click();
  await expect(page).toHaveURL(/\/admin\/requests\?objectId=/);
});

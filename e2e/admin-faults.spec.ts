// Sandbox faults in the admin console (docs/sandbox.md "Fault injection"): an
// operator adds a fault, sees it in words and in effect on the API, removes it,
// and clears them all; a viewer sees them without the controls. axe-clean page.
import type { Page } from "@playwright/test";
import { test, expect, platformApi, signInStaff, shot } from "./support/fixtures";
import { seriousAxeViolations } from "./support/axe";

async function axeClean(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

// The e2e platform is shared by every spec: leave it without faults whatever happens.
test.afterEach(async ({ request }) => {
  expect((await platformApi(request, "PUT", "/sandbox/faults", { faults: [] })).status).toBe(200);
});

test("an operator adds, removes and clears sandbox faults", async ({ page, operator }, testInfo) => {
  await signInStaff(page, operator);
  await page.goto("/admin/faults");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox faults" })).toBeVisible();
  await expect(page.getByText("None: the sandbox answers every call normally.")).toBeVisible();

  // Two server errors on the next two customer listings.
  const form = page.getByRole("form", { name: "Add a fault" });
  await form.getByLabel("What should happen").selectOption({ label: "Answer with a server error" });
  await form.getByLabel("To which calls").selectOption({ label: "List customers" });
  await form.getByLabel("How often").selectOption({ label: "Only the next few times" });
  await form.getByLabel("Number of calls").fill("2");
  await form.getByRole("button", { name: "Add fault" }).click();
  await expect(page.getByText("Fault added. It applies from the next call.")).toBeVisible();
  const table = page.getByRole("table", { name: "Faults now in force" });
  const errorRow = table.getByRole("row").filter({ hasText: "Answers that the service is unavailable (503)" });
  await expect(errorRow).toContainText("List customers");
  await expect(errorRow).toContainText("The next 2 calls");

  // It is in force on the API, and counts down.
  const faulted = await platformApi(page.request, "GET", "/customers?limit=1");
  expect(faulted.status).toBe(503);
  await page.reload();
  await expect(errorRow).toContainText("The next call");

  // A second one, held-back webhooks, every time.
  await form.getByLabel("What should happen").selectOption({ label: "Hold webhook deliveries back" });
  await expect(form.getByLabel("To which calls")).toHaveCount(0);
  await form.getByLabel("Hold each webhook back (seconds)").fill("30");
  await form.getByLabel("How often").selectOption({ label: "Every time" });
  await form.getByRole("button", { name: "Add fault" }).click();
  const delayRow = table.getByRole("row").filter({ hasText: "Holds each new webhook back 30 seconds" });
  await expect(delayRow).toContainText("Webhook deliveries");
  await expect(delayRow).toContainText("Every time");
  await expect(errorRow).toContainText("The next call");
  await axeClean(page);
  await shot(page, testInfo, "admin-sandbox-faults");

  // A bad value is explained in words, nothing is sent.
  await form.getByLabel("Hold each webhook back (seconds)").fill("two");
  await form.getByRole("button", { name: "Add fault" }).click();
  await expect(form.getByRole("alert")).toHaveText("Enter a hold-back between 1 and 3600 seconds.");
  await expect(table.getByRole("row")).toHaveCount(3);

  await errorRow.getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByText("Fault removed. The rest stay in force.")).toBeVisible();
  await expect(errorRow).toHaveCount(0);
  await expect(delayRow).toBeVisible();
  expect((await platformApi(page.request, "GET", "/customers?limit=1")).status).toBe(200);

  await page.getByRole("button", { name: "Clear all faults" }).click();
  await expect(page.getByText("None: the sandbox answers every call normally.")).toBeVisible();
  const left = await platformApi(page.request, "GET", "/sandbox/faults");
  expect(left.body.faults).toEqual([]);
});

test("a viewer sees the faults but cannot change them", async ({ page, viewer }) => {
  const set = await platformApi(page.request, "PUT", "/sandbox/faults", {
    faults: [{ operationId: "*", type: "LATENCY", latencyMs: 5, rate: 0.25 }],
  });
  expect(set.status).toBe(200);
  await signInStaff(page, viewer);
  await page.goto("/admin/faults");
  const row = page.getByRole("table", { name: "Faults now in force" }).getByRole("row").nth(1);
  await expect(row).toContainText("Waits 5 ms before answering");
  await expect(row).toContainText("Every API call");
  await expect(row).toContainText("25 % of the time");
  await expect(page.getByRole("button", { name: /Remove|Clear all faults|Add fault/ })).toHaveCount(0);
  await expect(page.getByText("You can see the faults; only operators can change them.")).toBeVisible();
  await axeClean(page);
});

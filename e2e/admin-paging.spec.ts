// The customers and accounts lists page 50 rows at a time (the request log 25) by the API's cursor: Next,
// Previous and First bring back exactly the rows seen before, the reader is told
// where they are in words (never a cursor), and a paged page is axe-clean.
import type { Locator, Page } from "@playwright/test";
import { test, expect, platformApi, signInStaff, shot } from "./support/fixtures";
import { seriousAxeViolations } from "./support/axe";

const PAGE_SIZE = 50;

/** More than two pages of customers, created through the platform API a few at a time. */
async function seedCustomers(page: Page, count: number): Promise<void> {
  const run = Date.now().toString(36);
  for (let i = 0; i < count; i += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, count - i) }, async (_, j) => {
        const n = String(i + j + 1).padStart(3, "0");
        const res = await platformApi(page.request, "POST", "/customers", {
          customerType: "INDIVIDUAL",
          platformCustomerId: `e2e-paging-${run}-${n}`,
          fullName: `Paging Person ${n}`,
          email: `paging-${run}-${n}@example.com`,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }),
    );
  }
}

/** The text of each row of the list's table (the header row left out). */
async function rowsOf(table: Locator): Promise<string[]> {
  return table.locator("tbody").getByRole("row").allInnerTexts();
}

/** No cursor from the URL shows anywhere on the page. */
async function expectNoCursorShown(page: Page): Promise<void> {
  const url = new URL(page.url());
  for (const c of [url.searchParams.get("cursor"), ...url.searchParams.getAll("back")]) {
    if (c) await expect(page.getByRole("main")).not.toContainText(c);
  }
}

test("staff page the customers and accounts lists forwards and back, and come back to exactly the same rows", async ({
  page,
  viewer,
}, testInfo) => {
  test.setTimeout(240_000);
  await seedCustomers(page, 2 * PAGE_SIZE + 5);
  const total: number = (await platformApi(page.request, "GET", "/customers?limit=1")).body.totalCount;
  expect(total).toBeGreaterThan(2 * PAGE_SIZE);
  const range = (from: number) => `Customers ${from}–${Math.min(from + PAGE_SIZE - 1, total)} of ${total}`;
  await signInStaff(page, viewer);

  await page.goto("/admin/customers");
  const pager = page.getByRole("navigation", { name: "Pages of customers" });
  const table = page.getByRole("table", { name: /Customers/ });
  const first = pager.getByRole("link", { name: "First page" });
  const previous = pager.getByRole("link", { name: "Previous page" });
  const next = pager.getByRole("link", { name: "Next page" });

  // The first page: where the reader is, Next only.
  await expect(pager).toContainText(range(1));
  await expect(previous).toHaveCount(0);
  await expect(first).toHaveCount(0);
  const page1 = await rowsOf(table);
  expect(page1).toHaveLength(PAGE_SIZE);

  await next.click();
  await expect(pager).toContainText(range(51));
  const page2 = await rowsOf(table);
  expect(page2).toHaveLength(PAGE_SIZE);
  expect(page2.filter((r) => page1.includes(r))).toEqual([]);
  await expect(previous).toBeVisible();
  await expect(first).toBeVisible();
  await expectNoCursorShown(page);

  // The paged page is accessible.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot(page, testInfo, "admin-customers-page-2");

  await next.click();
  await expect(pager).toContainText(range(101));
  const page3 = await rowsOf(table);
  expect(page3.length).toBeGreaterThan(0);
  expect(page3.filter((r) => page1.includes(r) || page2.includes(r))).toEqual([]);
  await expectNoCursorShown(page);

  // Back, one page at a time, to exactly what was shown.
  await previous.click();
  await expect(pager).toContainText(range(51));
  expect(await rowsOf(table)).toEqual(page2);
  await previous.click();
  await expect(pager).toContainText(range(1));
  expect(await rowsOf(table)).toEqual(page1);
  await expect(previous).toHaveCount(0);

  // Forward again, then straight to the first page.
  await next.click();
  await expect(pager).toContainText(range(51));
  expect(await rowsOf(table)).toEqual(page2);
  await next.click();
  await expect(pager).toContainText(range(101));
  expect(await rowsOf(table)).toEqual(page3);
  await first.click();
  await expect(pager).toContainText(range(1));
  expect(await rowsOf(table)).toEqual(page1);

  // On to the last page: Previous and First, no Next, and the range ends at the total.
  const pages = Math.ceil(total / PAGE_SIZE);
  for (let p = 2; p <= pages; p++) {
    await next.click();
    await expect(pager).toContainText(range((p - 1) * PAGE_SIZE + 1));
  }
  await expect(pager).toContainText(`–${total} of ${total}`);
  await expect(next).toHaveCount(0);
  await expect(previous).toBeVisible();
  await shot(page, testInfo, "admin-customers-last-page");

  // The accounts list pages the same way (every customer has accounts, so there are more than 50).
  await page.goto("/admin/accounts");
  const accountsPager = page.getByRole("navigation", { name: "Pages of accounts" });
  const accounts = page.getByRole("table", { name: "Internal accounts" });
  await expect(accountsPager).toContainText(/^Accounts 1–50/);
  await expect(accountsPager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const accounts1 = await rowsOf(accounts);
  await accountsPager.getByRole("link", { name: "Next page" }).click();
  await expect(accountsPager).toContainText(/^Accounts 51–/);
  expect(await rowsOf(accounts)).not.toEqual(accounts1);
  await expectNoCursorShown(page);
  await accountsPager.getByRole("link", { name: "Previous page" }).click();
  await expect(accountsPager).toContainText(/^Accounts 1–50/);
  expect(await rowsOf(accounts)).toEqual(accounts1);
});

/** Each row's request (its link to the request's page): rows of repeated calls read alike, their ids do not. */
async function requestsOf(table: Locator): Promise<string[]> {
  return table
    .getByRole("link", { name: /^(GET|POST|PATCH|PUT|DELETE) \// })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

test("staff page the request log forwards and back, and come back to exactly the same rows", async ({
  page,
  viewer,
}, testInfo) => {
  test.setTimeout(120_000);
  // The request log shows 25 requests a page. More than two pages of them: reads through the platform API,
  // each logged; the last one is marked so the test knows when the log (written in batches) holds them all.
  const LOG_PAGE = 25;
  const run = `e2e-request-log-${Date.now().toString(36)}`;
  for (let i = 0; i < 2 * LOG_PAGE + 5; i += 5) {
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        expect((await platformApi(page.request, "GET", "/customers?limit=1")).status).toBe(200);
      }),
    );
  }
  expect((await platformApi(page.request, "GET", `/customers?limit=1&platformCustomerId=${run}`)).status).toBe(200);
  // Listing the log is not itself logged, so from here on the log's first pages stay as they are.
  await expect
    .poll(async () => (await platformApi(page.request, "GET", "/sandbox/requests?limit=1")).body.data[0]?.query ?? "")
    .toContain(run);
  await signInStaff(page, viewer);

  await page.goto("/admin/requests");
  const pager = page.getByRole("navigation", { name: "Pages of requests" });
  const table = page.getByRole("table", { name: "API requests, newest first" });
  const previous = pager.getByRole("link", { name: "Previous page" });
  const next = pager.getByRole("link", { name: "Next page" });

  await expect(pager).toContainText(/^Requests 1–25/);
  await expect(previous).toHaveCount(0);
  const page1 = await rowsOf(table);
  const ids1 = await requestsOf(table);
  expect(page1).toHaveLength(LOG_PAGE);
  expect(new Set(ids1).size).toBe(LOG_PAGE);

  await next.click();
  await expect(pager).toContainText(/^Requests 26–50/);
  const page2 = await rowsOf(table);
  const ids2 = await requestsOf(table);
  expect(page2).toHaveLength(LOG_PAGE);
  expect(ids2.filter((r) => ids1.includes(r))).toEqual([]);
  await expectNoCursorShown(page);

  await next.click();
  await expect(pager).toContainText(/^Requests 51–/);
  const ids3 = await requestsOf(table);
  expect(ids3.length).toBeGreaterThan(0);
  expect(ids3.filter((r) => ids1.includes(r) || ids2.includes(r))).toEqual([]);
  await expectNoCursorShown(page);

  // The paged log is accessible.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot(page, testInfo, "admin-requests-page-3");

  // Back, one page at a time, to exactly what was shown; then forward again.
  await previous.click();
  await expect(pager).toContainText(/^Requests 26–50/);
  expect(await rowsOf(table)).toEqual(page2);
  expect(await requestsOf(table)).toEqual(ids2);
  await previous.click();
  await expect(pager).toContainText(/^Requests 1–25/);
  expect(await rowsOf(table)).toEqual(page1);
  expect(await requestsOf(table)).toEqual(ids1);
  await expect(previous).toHaveCount(0);
  await next.click();
  await expect(pager).toContainText(/^Requests 26–50/);
  expect(await rowsOf(table)).toEqual(page2);
  expect(await requestsOf(table)).toEqual(ids2);
});

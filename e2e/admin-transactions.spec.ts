// The admin section's money pages: an incoming UMA payment simulated from the
// sandbox panel waits for platform approval (the platform has a webhook
// endpoint, so the API holds it PENDING); an operator approves one and rejects
// another on the transaction page; an operator cancels a held payout; a viewer
// cannot decide; the platform's external accounts are added and deleted; every
// main admin page is attached.
import { test, expect, platformApi, signInStaff, shot, env } from "./support/fixtures";
import type { APIRequestContext, Page } from "@playwright/test";
import pg from "pg";
import { statusWord } from "../lib/kernel/wording";

const UNREACHABLE_HOOK = () => `${new URL(env.api()).origin}/api/health-no-such-route`;

async function receiver(request: APIRequestContext) {
  const stamp = Date.now().toString().slice(-6);
  const created = await platformApi(request, "POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: `Uma Receiver ${stamp}`,
    email: `uma.${stamp}@receivers.example`,
    currencies: ["USD"],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; umaAddress: string; fullName: string; email: string };
}

/** Simulates the payment from the sandbox panel and returns its transaction id from the link under the confirmation. */
async function simulateFromPanel(page: Page, customer: { fullName: string }, amount: string): Promise<string> {
  await page.goto("/admin/sandbox");
  const form = page.getByRole("form", { name: "Simulate incoming UMA payment" });
  // The receiver is searched by name among all the platform's customers and picked from the matches.
  await form.getByRole("combobox", { name: /^Receiving customer/ }).fill(customer.fullName);
  await form.getByRole("option", { name: customer.fullName }).click();
  await expect(form).toContainText(`Customer: ${customer.fullName}`);
  await form.getByLabel("Currency").selectOption("USD");
  await form.getByLabel("Amount received", { exact: true }).fill(amount);
  await form.getByRole("button", { name: "Simulate payment" }).click();
  const status = form.getByRole("status");
  await expect(status).toContainText(`The payment of ${amount} USD arrived and waits for platform approval.`);
  // The confirmation is in words; the payment is a link, never an id in the text.
  await expect(status).not.toContainText("Transaction:");
  const href = (await form.getByRole("link", { name: "Open the payment" }).getAttribute("href")) ?? "";
  const id = /Transaction%3A[0-9a-f-]{36}|Transaction:[0-9a-f-]{36}/.exec(href)?.[0];
  expect(id, href).toBeTruthy();
  return decodeURIComponent(id!);
}

test.describe("admin transactions", () => {
  test.afterEach(async ({ request }) => {
    await platformApi(request, "PATCH", "/config", { webhookEndpoint: null });
  });

  test("an operator approves a pending incoming UMA payment and rejects another", async ({
    page,
    operator,
  }, testInfo) => {
    const customer = await receiver(page.request);
    expect((await platformApi(page.request, "PATCH", "/config", { webhookEndpoint: UNREACHABLE_HOOK() })).status).toBe(
      200,
    );
    await signInStaff(page, operator);

    const first = await simulateFromPanel(page, customer, "12.34");
    await shot(page, testInfo, "admin-sandbox-uma");
    const second = await simulateFromPanel(page, customer, "56.78");

    await page.goto("/admin/transactions");
    await page.getByLabel("Status").selectOption("PENDING");
    // The customer is found by typing part of the email (the server searches every customer of the platform)
    // and picked with the keyboard; never typed as an id.
    const filters = page.getByRole("form", { name: "Filter transactions" });
    const picker = filters.getByRole("combobox", { name: /^Customer/ });
    await picker.fill("zq-no-such-customer");
    await expect(filters).toContainText("No customer matches “zq-no-such-customer”");
    await picker.fill(customer.email.slice(0, customer.email.indexOf("@") + 4));
    await expect(filters.getByRole("option", { name: customer.fullName })).toBeVisible();
    await shot(page, testInfo, "admin-customer-picker");
    await picker.press("ArrowDown");
    await expect(picker).toHaveAttribute("aria-activedescendant", /.+/);
    await picker.press("Enter");
    await expect(filters).toContainText(`Customer: ${customer.fullName}`);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/customerId=/);
    // The filtered page names the chosen customer again (read by id, not from a list of the newest).
    await expect(filters).toContainText(`Customer: ${customer.fullName}`);
    await expect(page).toHaveURL(/status=PENDING/);
    await expect(page.getByRole("row")).toHaveCount(3);
    await expect(page.getByRole("row", { name: /12\.34 USD/ })).toContainText("Pending");
    await shot(page, testInfo, "admin-transactions-pending");

    // Rows link by words (date, kind, amount, sides); the id is only in the detail page's reference.
    await page.getByRole("link", { name: /Incoming payment of 12\.34 USD/ }).click();
    await expect(page).toHaveURL(new RegExp(encodeURIComponent(first)));
    await expect(page.getByRole("heading", { level: 1, name: "Incoming payment of 12.34 USD" })).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approved." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Details/ })).toContainText("Completed");
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await shot(page, testInfo, "admin-transaction-approved");
    expect((await platformApi(page.request, "GET", `/transactions/${encodeURIComponent(first)}`)).body.status).toBe(
      "COMPLETED",
    );

    await page.goto(`/admin/transactions/${encodeURIComponent(second)}`);
    await page.getByLabel("Reason (optional, for reject or cancel)").fill("Sender not recognised");
    await page.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rejected." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Details/ })).toContainText("Rejected");
    // the platform's reason goes with the request (the API request log), not on the payment as a failure reason
    await expect(page.getByRole("term").filter({ hasText: "Failure reason" })).toHaveCount(0);
    const rejected = await platformApi(page.request, "GET", `/transactions/${encodeURIComponent(second)}`);
    // the reason is the platform's own (it stays in the request log): no failureReason of the reference's enum
    expect(rejected.body.status).toBe("REJECTED");
    expect(rejected.body.failureReason).toBeUndefined();

    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&currency=USD`,
    );
    expect(accounts.body.data.find((a: { type: string }) => a.type !== "EMBEDDED_WALLET").balance.amount).toBe(1234);
  });

  test("an operator funds a customer's account from the sandbox panel, the customer found by name", async ({
    page,
    operator,
  }) => {
    const customer = await receiver(page.request);
    await signInStaff(page, operator);
    await page.goto("/admin/sandbox");
    const form = page.getByRole("form", { name: "Fund an internal account" });
    await form.getByRole("combobox", { name: /^Customer/ }).fill(customer.fullName.toLowerCase());
    await form.getByRole("option", { name: customer.fullName }).click();
    await form.getByRole("combobox", { name: "Account", exact: true }).selectOption({ label: "USD account, 0.00 USD" });
    await form.getByLabel(/^Amount/).fill("10.00");
    await form.getByRole("button", { name: "Fund account" }).click();
    await expect(form.getByRole("status")).toContainText(`Added 10.00 USD to ${customer.fullName}'s USD account.`);
    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&currency=USD`,
    );
    expect(accounts.body.data.find((a: { type: string }) => a.type !== "EMBEDDED_WALLET").balance.amount).toBe(1000);
  });

  test("the list pages through a customer's transactions, 20 at a time", async ({ page, viewer }) => {
    const customer = await receiver(page.request);
    for (let i = 1; i <= 21; i++) {
      const r = await platformApi(page.request, "POST", "/sandbox/uma/receive", {
        senderUmaAddress: "$payer@sender.example",
        customerId: customer.id,
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: i,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await signInStaff(page, viewer);
    await page.goto(`/admin/transactions?customerId=${encodeURIComponent(customer.id)}`);
    await expect(page.getByRole("status").filter({ hasText: "21 transaction(s) match these filters" })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(21);
    await expect(page.getByRole("row", { name: /0\.21 USD/ })).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Pages of transactions" });
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row", { name: /0\.01 USD/ })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(pages).toContainText("Transactions 21 of 21");
    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByRole("row")).toHaveCount(21);
    await expect(pages).toContainText("Transactions 1–20 of 21");
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByRole("row")).toHaveCount(2);
    await pages.getByRole("link", { name: "First page" }).click();
    await expect(page.getByRole("row")).toHaveCount(21);
  });

  test("an operator cancels a held payout and the money goes back to the sender", async ({
    page,
    operator,
  }, testInfo) => {
    const customer = await receiver(page.request);
    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=INTERNAL_FIAT`,
    );
    const usd = accounts.body.data[0].id as string;
    expect(
      (await platformApi(page.request, "POST", `/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 })).status,
    ).toBe(200);
    // Suffix 003: a long payout; its money stays held until the outcome job settles it.
    const ext = await platformApi(page.request, "POST", "/customers/external-accounts", {
      customerId: customer.id,
      currency: "USD",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        accountNumber: `61${Date.now().toString().slice(-5)}003`,
        routingNumber: "021000021",
        beneficiary: {
          beneficiaryType: "INDIVIDUAL",
          fullName: "Uma Receiver",
          address: { line1: "1 Main St", postalCode: "10001", country: "US" },
        },
      },
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);

    // The test server runs sandbox time 100x fast (the payout would settle in ~3.6 s), so the
    // test holds the outcome job's row while the operator works: the worker skips locked jobs.
    const db = new pg.Client({ connectionString: process.env.MERIDIAN_E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query("BEGIN");
      const quote = await platformApi(page.request, "POST", "/quotes", {
        source: { sourceType: "ACCOUNT", accountId: usd },
        destination: { destinationType: "ACCOUNT", accountId: ext.body.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 2_500,
        immediatelyExecute: true,
      });
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      expect(quote.body.status).toBe("PROCESSING");
      const txId = quote.body.transactionId as string;
      const held = await db.query(
        `SELECT id FROM jobs WHERE type = 'transaction.outcome' AND status = ` +
          `'PENDING' AND payload->>'transactionId' = $1 FOR UPDATE`,
        [txId.replace(/^Transaction:/, "")],
      );
      expect(held.rowCount).toBe(1);

      await signInStaff(page, operator);
      await page.goto(`/admin/transactions/${encodeURIComponent(txId)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Outgoing payment of 25.00 USD" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /Details/ })).toContainText("Processing");
      await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
      await shot(page, testInfo, "admin-transaction-cancellable");
      await page.getByRole("button", { name: "Cancel payment" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Cancelled." })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /Details/ })).toContainText("Failed");
      await expect(page.getByRole("definition").filter({ hasText: "Cancelled by the customer" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
      await shot(page, testInfo, "admin-transaction-cancelled");

      const after = await platformApi(page.request, "GET", `/transactions/${encodeURIComponent(txId)}`);
      expect(after.body).toMatchObject({
        status: "FAILED",
        refund: { status: "COMPLETED", reason: "USER_CANCELLATION" },
      });
      const balance = await platformApi(
        page.request,
        "GET",
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=INTERNAL_FIAT`,
      );
      expect(balance.body.data[0]).toMatchObject({ balance: { amount: 10_000 }, totalBalance: { amount: 10_000 } });

      // Released, the outcome job finds the payment cancelled and changes nothing.
      await db.query("ROLLBACK");
      await expect
        .poll(
          async () => (await db.query(`SELECT status FROM jobs WHERE id = $1`, [held.rows[0].id])).rows[0]?.status,
          { timeout: 15_000 },
        )
        .not.toBe("PENDING");
      expect((await platformApi(page.request, "GET", `/transactions/${encodeURIComponent(txId)}`)).body.status).toBe(
        "FAILED",
      );
      const settled = await platformApi(
        page.request,
        "GET",
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=INTERNAL_FIAT`,
      );
      expect(settled.body.data[0].balance.amount).toBe(10_000);
    } finally {
      await db.query("ROLLBACK").catch(() => {});
      await db.end();
    }
  });

  test("a viewer sees a pending payment but cannot approve it, on the page or through the BFF", async ({
    page,
    viewer,
  }) => {
    const customer = await receiver(page.request);
    expect((await platformApi(page.request, "PATCH", "/config", { webhookEndpoint: UNREACHABLE_HOOK() })).status).toBe(
      200,
    );
    const pending = await platformApi(page.request, "POST", "/sandbox/uma/receive", {
      senderUmaAddress: "$payer@sender.example",
      customerId: customer.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 999,
    });
    expect(pending.body.status).toBe("PENDING");
    await signInStaff(page, viewer);

    await page.goto(`/admin/transactions/${encodeURIComponent(pending.body.id)}`);
    await expect(page.getByRole("heading", { level: 2, name: /Details/ })).toContainText("Pending");
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByText("Only operators can approve, reject or cancel transactions")).toBeVisible();
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute("content");
    const denied = await page.request.post(`/api/admin/transactions/${encodeURIComponent(pending.body.id)}/approve`, {
      data: {},
      headers: { "x-csrf-token": csrf!, origin: env.origin() },
    });
    expect(denied.status()).toBe(403);
    expect(
      (await platformApi(page.request, "GET", `/transactions/${encodeURIComponent(pending.body.id)}`)).body.status,
    ).toBe("PENDING");
  });

  test("an operator adds a platform external account and deletes it", async ({ page, operator }, testInfo) => {
    await signInStaff(page, operator);
    await page.goto("/admin/external-accounts");
    await expect(page.getByRole("heading", { level: 1, name: "External accounts" })).toBeVisible();
    const form = page.getByRole("form", { name: "Add a platform external account" });
    const number = `55${Date.now().toString().slice(-7)}7`;
    await form.getByLabel("Account number", { exact: true }).fill(number);
    await form.getByLabel("Routing number", { exact: true }).fill("021000021");
    await form.getByLabel("Legal or full name").fill("Platform Treasury LLC");
    await form.getByLabel("Address line 1").fill("1 Main St");
    await form.getByLabel("Postal code").fill("10001");
    await form.getByLabel("Country (two letters)").fill("US");
    await form.getByRole("button", { name: "Add external account" }).click();
    await expect(form.getByRole("status")).toContainText("Added the external account.");
    const platformTable = page.getByRole("table", { name: "The platform's external accounts" });
    const row = platformTable.getByRole("row", { name: new RegExp(number.slice(-4)) });
    await expect(row).toBeVisible();
    await shot(page, testInfo, "admin-external-accounts");

    await row.getByRole("link").click();
    await expect(
      page.getByRole("heading", { level: 1, name: new RegExp(`USD bank account ••••${number.slice(-4)}`) }),
    ).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^the platform$/ })).toBeVisible();
    await shot(page, testInfo, "admin-external-account");

    await page.goto("/admin/external-accounts");
    await page
      .getByRole("table", { name: "The platform's external accounts" })
      .getByRole("button", { name: new RegExp(`Delete external account USD bank account ••••${number.slice(-4)}`) })
      .click();
    await expect(
      page
        .getByRole("table", { name: "The platform's external accounts" })
        .getByRole("row", { name: new RegExp(number.slice(-4)) }),
    ).toHaveCount(0);
  });

  test("a real-time funded payment waiting for its money opens without decision controls", async ({
    page,
    operator,
  }) => {
    const customer = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Rita Realtime",
      currencies: ["USD"],
    });
    const payee = await platformApi(page.request, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Paul Payee",
      currencies: ["USD"],
    });
    const payeeAccounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(payee.body.id)}&type=INTERNAL_FIAT`,
    );
    const quote = await platformApi(page.request, "POST", "/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: customer.body.id },
      destination: { destinationType: "ACCOUNT", accountId: payeeAccounts.body.data[0].id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 2_500,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);

    await signInStaff(page, operator);
    await page.goto(`/admin/transactions/${encodeURIComponent(quote.body.transactionId)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Outgoing payment of 25.00 USD" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Details Pending" })).toBeVisible();
    for (const name of ["Approve", "Reject", "Cancel payment"])
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(page.getByText(/Only operators can/)).toHaveCount(0);
  });

  test("a card transaction is listed with its merchant and opens without decision controls", async ({
    page,
    operator,
  }, testInfo) => {
    const before = await platformApi(page.request, "GET", "/config");
    // An individual is KYC-approved at creation only with skipVerificationPaperwork (cards need it); restored
    // afterwards.
    await platformApi(page.request, "PATCH", "/config", { skipVerificationPaperwork: true });
    let customerId: string;
    try {
      const customer = await platformApi(page.request, "POST", "/customers", {
        customerType: "INDIVIDUAL",
        fullName: "Carla Card",
        currencies: ["USD"],
      });
      expect(customer.body.kycStatus).toBe("APPROVED");
      customerId = customer.body.id;
    } finally {
      await platformApi(page.request, "PATCH", "/config", {
        skipVerificationPaperwork: before.body.skipVerificationPaperwork,
      });
    }
    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&type=INTERNAL_FIAT`,
    );
    const account = accounts.body.data[0].id as string;
    expect(
      (await platformApi(page.request, "POST", `/sandbox/internal-accounts/${account}/fund`, { amount: 50_000 }))
        .status,
    ).toBe(200);
    const card = await platformApi(page.request, "POST", "/cards", {
      customerId,
      form: "VIRTUAL",
      fundingSource: account,
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    await expect
      .poll(async () => (await platformApi(page.request, "GET", `/cards/${card.body.id}`)).body.status)
      .toBe("ACTIVE");
    const authorized = await platformApi(
      page.request,
      "POST",
      `/sandbox/cards/${card.body.id}/simulate/authorization`,
      {
        amount: 1_999,
        currency: { code: "USD" },
        merchant: { descriptor: "CORNER BAKERY", mcc: "5411", country: "US" },
      },
    );
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);

    await signInStaff(page, operator);
    await page.goto(`/admin/transactions?type=CARD&customerId=${encodeURIComponent(customerId)}`);
    const row = page.getByRole("row", { name: /CORNER BAKERY/ });
    await expect(row).toContainText("19.99 USD");
    await expect(row).toContainText("Card payment");
    await shot(page, testInfo, "admin-transactions-card");
    await row.getByRole("link", { name: /Card payment of 19\.99 USD/ }).click();
    await expect(page).toHaveURL(new RegExp(encodeURIComponent(authorized.body.id)));
    await expect(page.getByRole("heading", { level: 1, name: "Card transaction of 19.99 USD" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "CORNER BAKERY" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
  });

  test("a customer's page shows verification checks, documents, balances and external accounts", async ({
    page,
    viewer,
  }, testInfo) => {
    const customer = await receiver(page.request);
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const doc = await page.request.post(`${env.api()}/documents`, {
      headers: { authorization: env.basic() },
      multipart: {
        documentHolder: customer.id,
        documentType: "PASSPORT",
        country: "US",
        file: { name: "passport.png", mimeType: "image/png", buffer: png },
      },
    });
    expect(doc.status(), await doc.text()).toBe(201);
    const verification = await platformApi(page.request, "POST", "/verifications", { customerId: customer.id });
    expect(verification.status, JSON.stringify(verification.body)).toBe(200);
    const accounts = await platformApi(
      page.request,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=INTERNAL_FIAT`,
    );
    expect(
      (
        await platformApi(page.request, "POST", `/sandbox/internal-accounts/${accounts.body.data[0].id}/fund`, {
          amount: 4_200,
        })
      ).status,
    ).toBe(200);
    const ext = await platformApi(page.request, "POST", "/customers/external-accounts", {
      customerId: customer.id,
      currency: "USD",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        accountNumber: "4455667781",
        routingNumber: "021000021",
        beneficiary: {
          beneficiaryType: "INDIVIDUAL",
          fullName: "Uma Receiver",
          address: { line1: "1 Main St", postalCode: "10001", country: "US" },
        },
      },
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);

    await signInStaff(page, viewer);
    await page.goto(`/admin/customers/${encodeURIComponent(customer.id)}`);
    await expect(
      page.getByRole("table", { name: "Verification checks of this customer" }).getByRole("row").nth(1),
    ).toContainText(statusWord(verification.body.verificationStatus).text);
    await expect(
      page.getByRole("table", { name: "Documents of this customer" }).getByRole("row", { name: /Passport/ }),
    ).toContainText("passport.png");
    await expect(
      page.getByRole("table", { name: "Accounts of this customer" }).getByRole("row", { name: /Cash account/ }),
    ).toContainText("42.00 USD");
    await expect(
      page
        .getByRole("table", { name: "External accounts of this customer" })
        .getByRole("link", { name: "USD bank account ••••7781" }),
    ).toBeVisible();
    await shot(page, testInfo, "admin-customer-detail");
  });

  test("screenshots of every main admin page", async ({ page, operator }, testInfo) => {
    await signInStaff(page, operator);
    const pages: [string, string][] = [
      ["/admin", "Overview"],
      ["/admin/customers", "Customers"],
      ["/admin/accounts", "Accounts and balances"],
      ["/admin/transactions", "Transactions"],
      ["/admin/external-accounts", "External accounts"],
      ["/admin/agents", "Agents"],
      ["/admin/approvals", "Approvals"],
      ["/admin/stablecoins", "Stablecoins"],
      ["/admin/webhooks", "Webhook deliveries"],
      ["/admin/tokens", "API tokens"],
      ["/admin/config", "Platform configuration"],
      ["/admin/sandbox", "Sandbox panel"],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
      await shot(page, testInfo, `admin-page${path.replace(/\//g, "-")}`);
    }
  });
});

// The customer money pages in Chromium: sandbox funding, a quote executed with
// the signed retry done in the browser, the transaction followed to
// COMPLETED, an external account added through its per-currency form, narrow
// screens, and one customer unable to reach another's money through the BFF.
import type { Page, Request } from "@playwright/test";
import { test, expect, shot, platformApi } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../lib/kernel/signed-retry-headers";

const origin = () => process.env.MERIDIAN_E2E_ORIGIN!;

async function csrfHeaders(page: Page) {
  const token = (await page.locator('meta[name="csrf-token"]').getAttribute("content"))!;
  return { "x-csrf-token": token, origin: origin() };
}

const usdAccount = (accountNumber: string, fullName = "Rita Receiver") => ({
  accountType: "USD_ACCOUNT",
  accountNumber,
  routingNumber: "021000021",
  beneficiary: {
    beneficiaryType: "INDIVIDUAL",
    fullName,
    address: { line1: "1 Main St", city: "New York", postalCode: "10001", country: "US" },
  },
});

const digits = () => String(Math.floor(Math.random() * 1e5)).padStart(5, "0");

test("fund (sandbox), quote, execute with the signed retry in the browser, and the transaction reaches COMPLETED", async ({
  page,
}, testInfo) => {
  const customer = await signUpCustomer(page, "Mona Money");
  await page.goto("/wallet/balances");
  await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
  const wallet = page.getByRole("region", { name: "Add money to your Wallet (USDB)" });
  await wallet.getByLabel("Test amount (USDB)").fill("100");
  await wallet.getByRole("button", { name: "Fund" }).click();
  await expect(wallet.getByRole("status")).toContainText("Added 100 USDB");
  const balances = page.getByRole("table", { name: "Your accounts and balances" });
  await expect(balances.getByRole("row", { name: /Wallet \(USDB\)/ })).toContainText("100.00 USDB");
  await expect(balances).not.toContainText("0.000000");
  await expect(wallet).toContainText("Send USDB to the wallet address");
  await shot(page, testInfo, "balances");

  // Suffix 003: the payout is a long one, so the transaction is PROCESSING first and completes later.
  const ext = await page.request.post("/api/wallet/external-accounts", {
    headers: await csrfHeaders(page),
    data: { currency: "USD", accountInfo: usdAccount(`4${digits()}003`) },
  });
  expect(ext.status(), await ext.text()).toBe(201);

  const executeCalls: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/wallet\/quotes\/[^/]+\/execute$/.test(new URL(r.url()).pathname))
      executeCalls.push(r);
  });
  await page.goto("/wallet/send");
  await page.getByLabel("From").selectOption(customer.accountId);
  await expect(page.getByRole("radio", { name: "My external account" })).toBeChecked();
  await expect(page.getByLabel("External account", { exact: true })).toContainText("Rita Receiver");
  await page.getByLabel("Amount (USDB)").fill("25");
  await expect(page.getByRole("region", { name: "Live rate" })).toContainText("1 USDB =");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quote = page.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("25.000000 USDB");
  await expect(quote).toContainText("They receive");
  await expect(quote.getByRole("timer")).toHaveText(/^\d:\d\d$/);
  await shot(page, testInfo, "send-quote");

  await quote.getByRole("button", { name: "Execute" }).click();
  await expect(quote.getByRole("status")).toHaveText("Sent. Status: processing.");
  // The browser made the call twice: the challenge, then the retry stamped with its session key.
  expect(executeCalls).toHaveLength(2);
  expect(executeCalls[0].headers()[WALLET_SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
  const retry = executeCalls[1].headers();
  expect(retry[SIGNED_REQUEST_ID_HEADER.toLowerCase()]).toMatch(/^Request:/);
  expect(retry["x-request-id"]).toBeUndefined();
  const envelope = JSON.parse(Buffer.from(retry[WALLET_SIGNATURE_HEADER.toLowerCase()], "base64url").toString("utf8"));
  expect(envelope).toMatchObject({ publicKey: customer.key.publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256" });

  await quote.getByRole("link", { name: "View the transaction" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transaction" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /Status: (Processing|Completed)/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Status: Completed" })).toBeVisible({ timeout: 45_000 });
  await shot(page, testInfo, "transaction-detail");

  await page.getByRole("link", { name: "Transactions", exact: true }).click();
  const list = page.getByRole("table", { name: "Your transactions" });
  await expect(list.getByRole("row")).toHaveCount(2); // the header and the payment (sandbox funding is no transaction)
  const paid = list.getByRole("row", { name: /25\.00 USDB/ });
  await expect(paid).toContainText("Completed");
  await expect(paid).toContainText("To Rita Receiver");
  await shot(page, testInfo, "transactions");

  await page.goto("/wallet/balances");
  await expect(balances.getByRole("row", { name: /Wallet \(USDB\)/ })).toContainText("75.00 USDB");
});

test("adding an external account through the per-currency form, with the API's field errors shown on the fields", async ({
  page,
}, testInfo) => {
  await signUpCustomer(page, "Fern Forms");
  await page.goto("/wallet/external-accounts");
  const form = page.getByRole("form", { name: "Add an external account" });
  await form.getByLabel("Account type", { exact: true }).selectOption("EUR_ACCOUNT");
  await expect(form.getByLabel("Currency")).toHaveValue("EUR");
  await expect(form.getByLabel("Routing number")).toHaveCount(0);
  await form.getByLabel("IBAN", { exact: true }).fill("DE89");
  await form.getByLabel("Full name").fill("Fern Forms");
  await form.getByLabel("Address line 1").fill("Hauptstr. 1");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("alert")).toContainText("Check the 4 fields listed above");
  await expect(form.getByLabel("IBAN", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Country of residence (code)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("group", { name: "Fix these fields:" }).getByRole("link")).toHaveCount(4);
  await shot(page, testInfo, "external-account-errors");

  await form.getByLabel("IBAN", { exact: true }).fill("DE89370400440532013000");
  await form.getByLabel("Postal code").fill("10115");
  await form.getByLabel("Country code", { exact: true }).fill("DE");
  await form.getByLabel("Country of residence (code)").fill("DE");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("status")).toHaveText("External account added.");
  const table = page.getByRole("table", { name: "Your external accounts" });
  const row = table.getByRole("row", { name: /Fern Forms, EUR bank account ••3000 \(EUR\)/ });
  await expect(row).toContainText("Active");
  await expect(form.getByLabel("IBAN", { exact: true })).toHaveValue("");
  await shot(page, testInfo, "external-accounts");

  await row.getByRole("button", { name: /Delete Fern Forms/ }).click();
  await expect(table).toHaveCount(0);
  await expect(page.getByText("You have no external accounts yet.")).toBeVisible();
});

test("the bank form checks a field as it is left, in the schema's words, with the optional fields folded", async ({
  page,
}, testInfo) => {
  await signUpCustomer(page, "Vera Validate");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/wallet/external-accounts") posts.push(r.url());
  });
  await page.goto("/wallet/external-accounts");
  const form = page.getByRole("form", { name: "Add an external account" });
  await form.getByLabel("Account type", { exact: true }).selectOption("USD_ACCOUNT");
  // Optional details are folded away: the form opens with the required fields only.
  // (a USD account has two folds: 5 and 8 optional details)
  await expect(form.getByText(/^\d+ optional details?$/)).toHaveCount(2);
  const routing = form.getByLabel("Routing number", { exact: true });
  await routing.fill("12a");
  await routing.blur();
  await expect(routing).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText(/Enter .*9/);
  await shot(page, testInfo, "external-account-as-you-type");
  await routing.fill("021000021");
  await routing.blur();
  await expect(routing).not.toHaveAttribute("aria-invalid", "true");
  expect(posts, "nothing was sent while typing").toEqual([]);
});

test("the money pages fit a 375px-wide screen without horizontal scrolling", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpCustomer(page, "Nina Narrow");
  await page.goto("/wallet/balances");
  const ext = await page.request.post("/api/wallet/external-accounts", {
    headers: await csrfHeaders(page),
    data: {
      currency: "USD",
      accountInfo: usdAccount(`5${digits()}001`, "A Rather Long Beneficiary Name For Narrow Screens"),
    },
  });
  expect(ext.status(), await ext.text()).toBe(201);
  for (const [path, heading] of [
    ["/wallet/balances", "Balances"],
    ["/wallet/send", "Send money"],
    ["/wallet/transactions", "Transactions"],
    ["/wallet/external-accounts", "External accounts"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    await shot(page, testInfo, `narrow-${path.split("/").pop()}`);
  }
});

test("a customer cannot reach another customer's accounts, external accounts, quotes or transactions through the BFF", async ({
  page,
  browser,
}) => {
  const alice = await signUpCustomer(page, "Alice Money");
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  const bob = await signUpCustomer(bobPage, "Bob Money");
  // Bob's money, made through the platform API: a funded USD account, an external account, an executed payment.
  const bobAccounts = await platformApi(
    bobPage.request,
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(bob.customerId)}`,
  );
  const bobUsd = bobAccounts.body.data.find((a: { type: string }) => a.type === "INTERNAL_FIAT").id as string;
  expect(
    (
      await platformApi(bobPage.request, "POST", `/sandbox/internal-accounts/${encodeURIComponent(bobUsd)}/fund`, {
        amount: 10_000,
      })
    ).status,
  ).toBe(200);
  const bobExt = await platformApi(bobPage.request, "POST", "/customers/external-accounts", {
    customerId: bob.customerId,
    currency: "USD",
    accountInfo: usdAccount(`6${digits()}001`),
  });
  expect(bobExt.status).toBe(201);
  const bobQuote = await platformApi(bobPage.request, "POST", "/quotes", {
    source: { sourceType: "ACCOUNT", accountId: bobUsd },
    destination: { destinationType: "ACCOUNT", accountId: bobExt.body.id },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
    immediatelyExecute: true,
  });
  expect(bobQuote.status).toBe(201);
  await bobContext.close();

  await page.goto("/wallet/balances");
  const headers = await csrfHeaders(page);
  const mine = await (await page.request.get("/api/wallet/accounts")).json();
  expect(mine.data.map((a: { id: string }) => a.id)).toContain(alice.accountId);
  expect(mine.data.map((a: { id: string }) => a.id)).not.toContain(bobUsd);
  expect((await (await page.request.get("/api/wallet/transactions")).json()).data).toEqual([]);
  expect((await (await page.request.get("/api/wallet/external-accounts")).json()).data).toEqual([]);

  const q = encodeURIComponent;
  const tries = [
    page.request.post(`/api/wallet/accounts/${q(bobUsd)}/fund`, { headers, data: { amount: 1 } }),
    page.request.delete(`/api/wallet/external-accounts/${q(bobExt.body.id)}`, { headers }),
    page.request.get(`/api/wallet/quotes/${q(bobQuote.body.id)}`),
    page.request.post(`/api/wallet/quotes/${q(bobQuote.body.id)}/execute`, { headers }),
    page.request.get(`/api/wallet/transactions/${q(bobQuote.body.transactionId)}`),
    page.request.post("/api/wallet/quotes", {
      headers,
      data: {
        sourceAccountId: bobUsd,
        destination: { destinationType: "ACCOUNT", accountId: bobExt.body.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 100,
      },
    }),
    page.request.post("/api/wallet/quotes", {
      headers,
      data: {
        sourceAccountId: alice.accountId,
        destination: { destinationType: "ACCOUNT", accountId: bobExt.body.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 100,
      },
    }),
  ];
  for (const res of await Promise.all(tries)) {
    expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(404);
  }
  // The detail page says so too, instead of showing Bob's payment.
  await page.goto(`/wallet/transactions/${q(bobQuote.body.transactionId)}`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not one of yours");
  // Without the page's CSRF token a state change is refused even for Alice's own account.
  const noCsrf = await page.request.post(`/api/wallet/accounts/${q(alice.accountId)}/fund`, {
    headers: { origin: origin() },
    data: { amount: 1 },
  });
  expect(noCsrf.status()).toBe(403);
});

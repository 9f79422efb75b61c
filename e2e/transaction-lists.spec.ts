// Transaction lists with real rows: a customer pays another customer's UMA
// address and pays rent to a bank account, each with a note, and receives a UMA
// payment. The sender's and the receiver's wallet lists and the admin lists name
// the other side (a UMA address, the paying customer by name, a beneficiary and
// masked number, a customer's account) and show the note, at 1280 and 375 px,
// with no raw codes or ids on the page and nothing wider than the screen.
import type { Page, TestInfo } from "@playwright/test";
import { test, expect, platformApi, shot, signInStaff } from "./support/fixtures";
import { signUpCustomer } from "./support/customer";
import { bankAccount, fundedUsdAccount, pay } from "./support/payments";
import { rawTextOn } from "./support/raw-text";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

/** At each width: the page, its raw-code guard and a screenshot, then `check` on the page. */
async function atBothWidths(
  page: Page,
  testInfo: TestInfo,
  path: string,
  name: string,
  check: (width: number) => Promise<void>,
): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await check(size.width);
    expect(await rawTextOn(page), `${path} @${size.width}px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} @${size.width}px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    await shot(page, testInfo, `${name}-${size.width}`);
  }
}

test("wallet and admin transaction lists show the other side and the note of real payments, at 1280 and 375 px", async ({
  page,
  browser,
  operator,
}, testInfo) => {
  test.setTimeout(180_000);
  const alice = await signUpCustomer(page, "Alice Ledger");
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  const bob = await signUpCustomer(bobPage, "Bob Ledger");
  const bobUma = (await platformApi(page.request, "GET", `/customers/${encodeURIComponent(bob.customerId)}`)).body
    .umaAddress as string;
  const aliceUma = (await platformApi(page.request, "GET", `/customers/${encodeURIComponent(alice.customerId)}`)).body
    .umaAddress as string;
  expect(bobUma).toMatch(/^\$/);

  const usd = await fundedUsdAccount(page.request, alice.customerId, 100_000);
  await pay(page.request, usd, { umaAddress: bobUma }, 1_250, "Dinner on Friday");
  const landlord = await bankAccount(page.request, alice.customerId, "Rita Landlord", "0001");
  await pay(page.request, usd, { accountId: landlord }, 60_000, "Rent for December");

  // The sender's list: the UMA address paid, the landlord by name and masked number, both notes.
  await atBothWidths(page, testInfo, "/wallet/transactions", "lists-wallet-sender", async (width) => {
    const list = page.getByRole("table", { name: "Your transactions" });
    const dinner = list.getByRole("row", { name: /Dinner on Friday/ });
    await expect(dinner).toContainText(`To ${bobUma}`);
    await expect(dinner).toContainText("−12.50 USD");
    const rent = list.getByRole("row", { name: /Rent for December/ });
    await expect(rent).toContainText("To Rita Landlord, USD bank account ••0001");
    await expect(rent).toContainText("−600.00 USD");
    // On a phone the other side and the note are on screen, not behind a sideways scroll.
    for (const cell of [
      dinner.getByText(bobUma),
      dinner.getByText("Dinner on Friday"),
      rent.getByText("Rita Landlord"),
    ])
      await expect(cell, `@${width}px`).toBeInViewport();
  });

  // The receiver's list: Alice's payment to his UMA address is his incoming payment, from Alice by name, with
  // her note; an incoming UMA payment from outside the platform (the sandbox's simulated sender) names its address.
  const incoming = await platformApi(page.request, "POST", "/sandbox/uma/receive", {
    senderUmaAddress: aliceUma,
    customerId: bob.customerId,
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 4_200,
  });
  expect(incoming.status, JSON.stringify(incoming.body)).toBe(200);
  await atBothWidths(bobPage, testInfo, "/wallet/transactions", "lists-wallet-receiver", async (width) => {
    const list = bobPage.getByRole("table", { name: "Your transactions" });
    const paid = list.getByRole("row", { name: /42\.00 USD/ });
    await expect(paid).toContainText(`From ${aliceUma}`);
    await expect(paid).toContainText("+42.00 USD");
    await expect(paid.getByText(aliceUma), `@${width}px`).toBeInViewport();
    const dinner = list.getByRole("row", { name: /Dinner on Friday/ });
    await expect(dinner).toContainText("From Alice Ledger");
    await expect(dinner).toContainText("+12.50 USD");
    await expect(dinner).not.toContainText(aliceUma);
    for (const cell of [dinner.getByText("Alice Ledger"), dinner.getByText("Dinner on Friday")])
      await expect(cell, `@${width}px`).toBeInViewport();
  });
  // Its page names Alice too, and shows the note.
  await bobPage.setViewportSize({ width: 1280, height: 800 });
  await bobPage
    .getByRole("table", { name: "Your transactions" })
    .getByRole("row", { name: /Dinner on Friday/ })
    .getByRole("link", { name: /Details of the .* payment from Alice Ledger/ })
    .click();
  await expect(bobPage).toHaveURL(/\/wallet\/transactions\/Transaction/);
  await expect(bobPage.getByRole("heading", { level: 1, name: "Transaction" })).toBeVisible();
  await expect(bobPage.getByRole("definition").filter({ hasText: "Alice Ledger" })).toBeVisible();
  await expect(bobPage.getByRole("definition").filter({ hasText: "Dinner on Friday" })).toBeVisible();
  expect(await rawTextOn(bobPage)).toEqual([]);
  await shot(bobPage, testInfo, "lists-wallet-receiver-detail-1280");
  await bobContext.close();

  // Staff: Alice's transactions, picked by her email; sides by name, the notes in their column.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, operator);
  await staff.goto("/admin/transactions");
  const filters = staff.getByRole("form", { name: "Filter transactions" });
  await filters.getByRole("combobox", { name: /^Customer/ }).fill(alice.email);
  await filters.getByRole("option", { name: /Alice Ledger/ }).click();
  await expect(filters).toContainText("Customer: Alice Ledger");
  await staff.getByRole("button", { name: "Apply filters" }).click();
  await expect(staff).toHaveURL(/customerId=/);
  const adminList = new URL(staff.url()).pathname + new URL(staff.url()).search;
  await atBothWidths(staff, testInfo, adminList, "lists-admin", async () => {
    const table = staff.getByRole("table", { name: "Transactions, newest first" });
    const dinner = table.getByRole("row", { name: /Dinner on Friday/ });
    await expect(dinner).toContainText("Alice Ledger, USD account");
    await expect(dinner).toContainText(bobUma);
    await expect(dinner).toContainText("12.50 USD");
    const rent = table.getByRole("row", { name: /Rent for December/ });
    await expect(rent).toContainText("Rita Landlord, USD bank account ••0001");
    await expect(rent).toContainText("600.00 USD");
    await expect(staff.getByRole("form", { name: "Filter transactions" })).toContainText("Customer: Alice Ledger");
  });

  // Bob's transactions: Alice's payment is his incoming one, from Alice by name and address, with her note.
  await atBothWidths(
    staff,
    testInfo,
    `/admin/transactions?customerId=${encodeURIComponent(bob.customerId)}`,
    "lists-admin-receiver",
    async () => {
      const table = staff.getByRole("table", { name: "Transactions, newest first" });
      const dinner = table.getByRole("row", { name: /Dinner on Friday/ });
      await expect(dinner).toContainText(`Alice Ledger, ${aliceUma}`);
      await expect(dinner).toContainText("Bob Ledger, USD account");
      await expect(dinner).toContainText("12.50 USD");
      await expect(dinner).toContainText("Received");
    },
  );
  await staff.goto(adminList);

  // The detail page: a title in words, the note, and the id only behind "Reference".
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.getByRole("link", { name: /Outgoing payment of 600\.00 USD/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Outgoing payment of 600.00 USD" })).toBeVisible();
  await expect(staff.getByRole("definition").filter({ hasText: "Rent for December" })).toBeVisible();
  await expect(
    staff.getByRole("definition").filter({ hasText: "Rita Landlord, USD bank account ••0001" }),
  ).toBeVisible();
  expect(await rawTextOn(staff)).toEqual([]);
  await shot(staff, testInfo, "lists-admin-detail-1280");
  await staff.getByText("Reference (for support and the API)").click();
  await expect(staff.getByRole("button", { name: /Copy the transaction reference: Transaction:/ })).toBeVisible();
  await staffContext.close();
});

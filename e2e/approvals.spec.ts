// The approvals queue: an agent's transfer that its policy sends for approval
// appears in /admin/approvals; an operator approves one and rejects another.
import { test, expect, platformApi, signInStaff, shot, env } from "./support/fixtures";
import type { APIRequestContext } from "@playwright/test";

async function pendingTransfer(request: APIRequestContext, amount: number) {
  const stamp = Date.now().toString().slice(-6);
  const customer = await platformApi(request, "POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: `Agent Owner ${stamp}`,
    currencies: ["USD"],
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const accounts = await platformApi(
    request,
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(customer.body.id)}&type=INTERNAL_FIAT`,
  );
  const usd = accounts.body.data[0].id as string;
  expect(
    (await platformApi(request, "POST", `/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 })).status,
  ).toBe(200);
  const ext = await platformApi(request, "POST", "/customers/external-accounts", {
    customerId: customer.body.id,
    currency: "USD",
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: `77${stamp}901`,
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      bankName: "Chase",
      beneficiary: {
        beneficiaryType: "INDIVIDUAL",
        fullName: "Agent Owner",
        address: { line1: "1 Main St", postalCode: "10001", country: "US" },
      },
    },
  });
  expect(ext.status, JSON.stringify(ext.body)).toBe(201);
  const agent = await platformApi(request, "POST", "/agents", {
    name: `Payables bot ${stamp}`,
    customerId: customer.body.id,
    policy: {
      permissions: ["CREATE_TRANSFERS", "VIEW_TRANSACTIONS"],
      defaultExecutionMode: "APPROVAL_REQUIRED",
      spendingLimits: { currency: "USD", perTransactionLimit: 50_000 },
    },
  });
  expect(agent.status, JSON.stringify(agent.body)).toBe(201);
  const redeemed = await request.post(`${env.api()}/agents/device-codes/${agent.body.deviceCode.code}/redeem`);
  const token = ((await redeemed.json()) as { accessToken: string }).accessToken;
  const res = await request.post(`${env.api()}/agents/me/transfer-out`, {
    headers: { authorization: `Bearer ${token}` },
    data: { source: { accountId: usd }, destination: { accountId: ext.body.id }, amount },
  });
  const action = (await res.json()) as { id: string; status: string; agentId: string };
  expect(action.status).toBe("PENDING_APPROVAL");
  return action;
}

test("an operator approves and rejects agent actions in the approvals queue", async ({ page, operator }, testInfo) => {
  const first = await pendingTransfer(page.request, 4_321);
  const second = await pendingTransfer(page.request, 8_765);
  await signInStaff(page, operator);

  await page.goto("/admin/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  const firstRow = page.getByRole("row", { name: /4321 USD/ });
  const secondRow = page.getByRole("row", { name: /8765 USD/ });
  await expect(firstRow).toContainText("Transfer out");
  await expect(secondRow).toBeVisible();
  await shot(page, testInfo, "approvals-queue");

  await firstRow.getByRole("button", { name: /Approve transfer out of 4321 USD/ }).click();
  await expect(page.getByRole("row", { name: /4321 USD/ })).toHaveCount(0);
  await page
    .getByRole("row", { name: /8765 USD/ })
    .getByRole("button", { name: /Reject transfer out of 8765 USD/ })
    .click();
  await expect(page.getByRole("row", { name: /8765 USD/ })).toHaveCount(0);
  await shot(page, testInfo, "approvals-after");

  const approved = await platformApi(
    page.request,
    "GET",
    `/agents/approvals?agentId=${encodeURIComponent(first.agentId)}`,
  );
  expect(approved.body.totalCount).toBe(0);
  const actions = await platformApi(page.request, "GET", `/agents/${encodeURIComponent(first.agentId)}`);
  expect(actions.body.usage.dailySpend).toBe(4_321);
  const rejected = await platformApi(page.request, "GET", `/agents/${encodeURIComponent(second.agentId)}`);
  expect(rejected.body.usage.dailySpend).toBe(0);
});

test("a viewer sees the queue but gets no decision buttons", async ({ page, viewer }) => {
  await pendingTransfer(page.request, 1_234);
  await signInStaff(page, viewer);
  await page.goto("/admin/approvals");
  await expect(page.getByRole("row", { name: /1234 USD/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Approve/ })).toHaveCount(0);
});

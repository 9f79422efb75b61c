// Shared setup for the cards tests: a platform whose new individuals resolve
// KYC at creation, an APPROVED cardholder with a funded USD account, and cards.
import { expect } from "vitest";
import { waitFor, type ApiClient } from "../../support/api";

export async function approvePlatform(api: ApiClient, config: Record<string, unknown> = {}) {
  const res = await api.patch("/config", { skipVerificationPaperwork: true, ...config });
  expect(res.status).toBe(200);
}

export interface Cardholder {
  customerId: string;
  usdAccountId: string;
  walletAccountId: string;
}

let seq = 0;

/** An individual whose kycStatus is APPROVED (fullName without a magic suffix), with its USD account. */
export async function approvedCardholder(
  api: ApiClient,
  opts: { fund?: number; platformCustomerId?: string; fullName?: string } = {},
): Promise<Cardholder> {
  seq += 1;
  const customer = await api.post("/customers", {
    customerType: "INDIVIDUAL",
    fullName: opts.fullName ?? `Card Holder ${String.fromCharCode(65 + (seq % 26))}x`,
    platformCustomerId: opts.platformCustomerId ?? `holder-${Date.now()}-${seq}-x`,
    currencies: ["USD"],
  });
  expect(customer.status).toBe(201);
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}`);
  const usd = accounts.body.data.find((a: { type: string }) => a.type === "INTERNAL_FIAT");
  const wallet = accounts.body.data.find((a: { type: string }) => a.type === "EMBEDDED_WALLET");
  if (opts.fund)
    expect((await api.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: opts.fund })).status).toBe(200);
  return { customerId: customer.body.id, usdAccountId: usd.id, walletAccountId: wallet.id };
}

export async function issueCard(api: ApiClient, holder: Cardholder, extra: Record<string, unknown> = {}) {
  const res = await api.post("/cards", {
    customerId: holder.customerId,
    form: "VIRTUAL",
    fundingSource: holder.usdAccountId,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function waitForStatus(api: ApiClient, cardId: string, status: string) {
  return waitFor(
    async () => {
      const res = await api.get(`/cards/${cardId}`);
      return res.body.status === status ? res.body : undefined;
    },
    { what: `card ${cardId} to be ${status}` },
  );
}

/** An ACTIVE card on a funded cardholder. */
export async function activeCard(api: ApiClient, fund = 100_000) {
  const holder = await approvedCardholder(api, { fund });
  const card = await issueCard(api, holder);
  await waitForStatus(api, card.id, "ACTIVE");
  return { holder, card };
}

export async function balanceOf(api: ApiClient, holder: Cardholder): Promise<number> {
  const res = await api.get(`/customers/internal-accounts?customerId=${holder.customerId}&type=INTERNAL_FIAT`);
  return res.body.data[0].balance.amount;
}

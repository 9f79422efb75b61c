// Helpers shared by the money-movement tests: customers with funded accounts
// and external accounts whose identifiers carry sandbox suffixes.
import type { ApiClient } from "./api";

export const ADDRESS = { line1: "1 Main St", city: "New York", postalCode: "10001", country: "US" };

export function usdAccountInfo(accountNumber: string, fullName = "Ada Lovelace") {
  return {
    accountType: "USD_ACCOUNT",
    accountNumber,
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    bankName: "Chase",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName, address: ADDRESS },
  };
}

export async function newCustomer(api: ApiClient, currencies = ["USD"], fullName = "Ada Lovelace") {
  const res = await api.post("/customers", { customerType: "INDIVIDUAL", fullName, currencies });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; umaAddress: string };
}

export async function internalAccount(api: ApiClient, customerId: string, currency = "USD"): Promise<string> {
  const res = await api.get(`/customers/internal-accounts?customerId=${customerId}&currency=${currency}`);
  const acct = res.body.data.find((a: { type: string }) => a.type !== "EMBEDDED_WALLET");
  if (!acct) throw new Error(`no ${currency} account for ${customerId}`);
  return acct.id;
}

export async function fund(api: ApiClient, accountId: string, amount: number) {
  const res = await api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount });
  if (res.status !== 200) throw new Error(`fund failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function balanceOf(
  api: ApiClient,
  customerId: string,
  currency = "USD",
): Promise<{ available: number; total: number }> {
  const res = await api.get(`/customers/internal-accounts?customerId=${customerId}&currency=${currency}`);
  const acct = res.body.data.find((a: { type: string }) => a.type !== "EMBEDDED_WALLET") ?? res.body.data[0];
  return { available: acct.balance.amount, total: acct.totalBalance.amount };
}

export async function externalUsd(api: ApiClient, customerId: string, accountNumber: string) {
  const res = await api.post("/customers/external-accounts", {
    customerId,
    currency: "USD",
    accountInfo: usdAccountInfo(accountNumber),
  });
  if (res.status !== 201) throw new Error(`external account create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; status: string };
}

/** GET /receiver/uma/{address}: the lookupId a quote to that address needs. */
export async function umaLookup(api: ApiClient, umaAddress: string): Promise<string> {
  const res = await api.get(`/receiver/uma/${encodeURIComponent(umaAddress)}`);
  if (res.status !== 200) throw new Error(`lookup of ${umaAddress}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.lookupId;
}

// Real transactions for list and detail pages, made through the platform API
// as a platform's backend would: a customer's USD account funded in the
// sandbox, a bank payout to a named beneficiary, a UMA payment to another
// customer, each with a note (the transaction's description).
import type { APIRequestContext } from "@playwright/test";
import { expect, platformApi } from "./fixtures";

/** The customer's USD (fiat) account, funded with `cents` in the sandbox. */
export async function fundedUsdAccount(request: APIRequestContext, customerId: string, cents: number): Promise<string> {
  const accounts = await platformApi(
    request,
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&type=INTERNAL_FIAT`,
  );
  expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
  const usd = accounts.body.data.find(
    (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
  ).id as string;
  const funded = await platformApi(request, "POST", `/sandbox/internal-accounts/${encodeURIComponent(usd)}/fund`, {
    amount: cents,
  });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return usd;
}

/** A US bank account of `beneficiary`; its number ends in `last4` (suffix 001: the sandbox pays out at once). */
export async function bankAccount(
  request: APIRequestContext,
  customerId: string,
  beneficiary: string,
  last4: string,
): Promise<string> {
  const ext = await platformApi(request, "POST", "/customers/external-accounts", {
    customerId,
    currency: "USD",
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: `${Date.now().toString().slice(-5)}${last4}`,
      routingNumber: "021000021",
      beneficiary: {
        beneficiaryType: "INDIVIDUAL",
        fullName: beneficiary,
        address: { line1: "1 Main St", city: "New York", postalCode: "10001", country: "US" },
      },
    },
  });
  expect(ext.status, JSON.stringify(ext.body)).toBe(201);
  return ext.body.id as string;
}

/** Pays `cents` from a USD account to an account or a UMA address, with a note; returns the transaction id. */
export async function pay(
  request: APIRequestContext,
  from: string,
  to: { accountId: string } | { umaAddress: string },
  cents: number,
  note: string,
): Promise<string> {
  // A UMA payment names the receiver's lookup (the API asks for it, as the wallet's send page does).
  const lookupId =
    "umaAddress" in to
      ? ((await platformApi(request, "GET", `/receiver/uma/${encodeURIComponent(to.umaAddress)}`)).body
          .lookupId as string)
      : undefined;
  const quote = await platformApi(request, "POST", "/quotes", {
    ...(lookupId ? { lookupId } : {}),
    source: { sourceType: "ACCOUNT", accountId: from },
    destination:
      "umaAddress" in to
        ? { destinationType: "UMA_ADDRESS", umaAddress: to.umaAddress, currency: "USD" }
        : { destinationType: "ACCOUNT", accountId: to.accountId },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: cents,
    immediatelyExecute: true,
    description: note,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  return quote.body.transactionId as string;
}

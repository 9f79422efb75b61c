// POST /plaid/link-tokens and POST /plaid/callback/{plaidLinkToken}: the Plaid
// Link flow of earlier revisions of this API version, still called by released
// clients (the official SDK's plaid resource). A link token names the customer
// and its expiry and is signed with a key derived from the installation secret
// (nothing stored); the callback exchanges a sandbox public token for a USD
// external account of that customer, made like any other.
import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { deriveKey } from "../../crypto/keys";
import { newUuid, toApiId } from "../../ids";
import { DomainError, invalidField } from "../../kernel/errors";
import { PLAID_LINK_TOKEN_TTL_MS, PLAID_PUBLIC_TOKEN_RE, PLAID_SANDBOX_BANK } from "../../sandbox/plaid";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import { createExternalAccount } from "./external-accounts";

const PREFIX = "link-sandbox-";

function sign(payload: string): string {
  return createHmac("sha256", deriveKey("plaid-link-token-v1")).update(payload).digest("base64url");
}

export async function createPlaidLinkToken(db: PrismaClient, platformId: string, customerId: string, origin: string) {
  const customer = await getCustomerOrThrow(db, platformId, customerId);
  const expiration = new Date(Date.now() + PLAID_LINK_TOKEN_TTL_MS);
  const payload = Buffer.from(JSON.stringify({ p: platformId, c: customer.id, e: expiration.getTime() })).toString(
    "base64url",
  );
  const linkToken = `${PREFIX}${payload}.${sign(payload)}`;
  return {
    linkToken,
    expiration: expiration.toISOString(),
    callbackUrl: `${origin}/plaid/callback/${linkToken}`,
    requestId: newUuid(),
  };
}

/** The customer a link token names, or 404 for a token that is not this platform's, forged or expired. */
function customerOfLinkToken(platformId: string, linkToken: string): string {
  const notFound = new DomainError("REFERENCE_NOT_FOUND", "Plaid link token not found or expired; create a new one");
  if (!linkToken.startsWith(PREFIX)) throw notFound;
  const [payload, mac] = linkToken.slice(PREFIX.length).split(".");
  if (!payload || !mac) throw notFound;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound;
  const { p, c, e } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    p: string;
    c: string;
    e: number;
  };
  if (p !== platformId || e <= Date.now()) throw notFound;
  return c;
}

export async function submitPlaidPublicToken(
  db: PrismaClient,
  platformId: string,
  linkToken: string,
  input: { publicToken: string; accountId?: string },
) {
  const customerUuid = customerOfLinkToken(platformId, linkToken);
  if (!PLAID_PUBLIC_TOKEN_RE.test(input.publicToken)) {
    throw invalidField("publicToken", "Expected a Plaid sandbox public token (public-sandbox-...)", "PATTERN");
  }
  const customer = await getCustomerOrThrow(db, platformId, toApiId("Customer", customerUuid));
  const profile = customer.profile as { fullName?: string; address?: Record<string, unknown> };
  // The linked account's beneficiary is the customer, and a US beneficiary needs an address.
  if (!profile.address) {
    throw invalidField("plaidLinkToken", "The customer needs an address on file before a bank account can be linked");
  }
  const digits = BigInt(
    `0x${createHash("sha256")
      .update(`${input.publicToken}:${input.accountId ?? ""}`)
      .digest("hex")}`,
  )
    .toString()
    .slice(-6);
  return createExternalAccount(db, platformId, {
    customerId: toApiId("Customer", customer.id),
    currency: "USD",
    defaultUmaDepositAccount: false,
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: `${PLAID_SANDBOX_BANK.accountNumberPrefix}${digits}000`,
      routingNumber: PLAID_SANDBOX_BANK.routingNumber,
      bankName: PLAID_SANDBOX_BANK.bankName,
      bankAccountType: PLAID_SANDBOX_BANK.bankAccountType,
      beneficiary: {
        beneficiaryType: "INDIVIDUAL",
        fullName: profile.fullName ?? customer.platformCustomerId,
        address: profile.address,
      },
    },
  } as Parameters<typeof createExternalAccount>[2]);
}

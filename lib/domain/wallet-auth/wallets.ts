// Loading the embedded wallet (an EMBEDDED_WALLET internal account) a wallet-auth
// request names, scoped to the calling platform.
import "server-only";
import type { Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { parseApiId, toApiId } from "../../ids";

export interface Wallet {
  id: string;
  platformId: string;
  customerId: string;
  email: string | null;
  phoneNumber: string | null;
}

export function parseAccountId(accountId: string, field = "accountId"): string {
  const uuid = parseApiId("InternalAccount", accountId);
  if (!uuid) throw invalidField(field, "Expected an InternalAccount:<uuid> id", "FORMAT");
  return uuid;
}

/**
 * The embedded wallet with this id: 404 when unknown to the platform, 409 WALLET_NOT_PROVISIONED for other account
 * types.
 */
export async function loadWallet(db: Db, platformId: string, accountUuid: string): Promise<Wallet> {
  const row = await db.internalAccount.findFirst({
    where: { id: accountUuid, platformId },
    include: { customer: true },
  });
  if (!row)
    throw new DomainError(
      "REFERENCE_NOT_FOUND",
      `Internal account ${toApiId("InternalAccount", accountUuid)} not found`,
    );
  if (row.type !== "EMBEDDED_WALLET" || !row.customer || !row.customerId) {
    throw new DomainError(
      "WALLET_NOT_PROVISIONED",
      `Internal account ${toApiId("InternalAccount", accountUuid)} is not an embedded wallet`,
    );
  }
  if (row.customer.deletedAt)
    throw new DomainError(
      "REFERENCE_NOT_FOUND",
      `Internal account ${toApiId("InternalAccount", accountUuid)} not found`,
    );
  return {
    id: row.id,
    platformId,
    customerId: row.customerId,
    email: row.customer.email,
    phoneNumber: row.customer.phoneNumber,
  };
}

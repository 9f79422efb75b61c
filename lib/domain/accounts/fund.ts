// Sandbox funding: credits an internal account from the sandbox funding
// source, as a balanced posting, with the balance webhook in the same transaction.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import { DomainError } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { postLedger, move } from "../../ledger/post";
import { emitWebhook } from "../../webhooks/outbox";
import { serializeInternalAccount } from "./internal-accounts";

export async function fundInternalAccount(db: PrismaClient, platformId: string, accountId: string, amount: bigint) {
  const uuid = parseApiId("InternalAccount", accountId);
  return db.$transaction(async (tx) => {
    const account = uuid ? await tx.internalAccount.findFirst({ where: { id: uuid, platformId } }) : null;
    if (!account) throw new DomainError("REFERENCE_NOT_FOUND", `Internal account ${accountId} not found`);
    await fenceIdempotency(tx, { kind: "internalAccount", id: account.id });
    await postLedger(tx, {
      platformId,
      kind: "SANDBOX_FUND",
      reference: accountId,
      entries: move({ system: "SANDBOX_FUNDING" }, { account: account.id }, account.currency, amount),
    });
    const updated = await tx.internalAccount.findUniqueOrThrow({ where: { id: account.id } });
    const body = serializeInternalAccount(updated);
    await emitWebhook(tx, platformId, "INTERNAL_ACCOUNT.BALANCE_UPDATED", body);
    return body;
  });
}

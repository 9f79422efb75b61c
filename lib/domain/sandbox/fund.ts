// Sandbox funding: credits an internal account from the sandbox funding source, as a balanced posting with its
// balance webhook, in one money plan (the engine's path: batched with concurrent requests' plans, fenced on an
// Idempotency-Key as they are).
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { addPosting, applyPlan, emptyPlan, moveEntries } from "../transactions/engine";
import { loadForTransfer } from "../transactions/load";
import { serializeInternalAccount } from "../accounts/internal-accounts";

export async function fundInternalAccount(db: PrismaClient, platformId: string, accountId: string, amount: bigint) {
  const uuid = parseApiId("InternalAccount", accountId);
  const account = uuid ? (await loadForTransfer(db, platformId, [uuid])).accounts.get(uuid) : undefined;
  if (!uuid || !account) throw new DomainError("REFERENCE_NOT_FOUND", `Internal account ${accountId} not found`);
  const plan = emptyPlan(platformId);
  const entries = moveEntries({ system: "SANDBOX_FUNDING" }, { account: uuid }, account.currency, amount);
  addPosting(plan, "SANDBOX_FUND", accountId, entries, new Map([[uuid, account]]));
  await applyPlan(db, plan, { recovery: { kind: "internalAccount", id: uuid } });
  // The account as it stands now (its webhook reports the balance this posting left, exactly).
  const funded = (await loadForTransfer(db, platformId, [uuid])).accounts.get(uuid);
  if (!funded) throw new DomainError("REFERENCE_NOT_FOUND", `Internal account ${accountId} not found`);
  return serializeInternalAccount(funded);
}

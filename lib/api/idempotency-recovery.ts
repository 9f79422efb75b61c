// Rebuilds the answer of a request whose effect committed (its Idempotency-Key
// is APPLIED) but whose stored response was lost with its process
// (docs/adr-006-crash-safe-idempotency.md): the resource named by the recovery
// point, as the operation answers with it, read as it is now.
import "server-only";
import { db } from "../db/client";
import type { RecoveryPoint } from "../db/idempotency-fence";
import { toApiId } from "../ids";
import { serializeInternalAccount } from "../domain/accounts/internal-accounts";
import { agentTransactionAnswer, findAction, resumeAction, serializeAction } from "../domain/agents/actions";
import { getCardTransaction } from "../domain/cards/card-transactions";
import { getCard } from "../domain/cards/cards";
import { retrieveProviderAccount } from "../domain/stablecoins/provider-accounts";
import { retrieveStablecoin } from "../domain/stablecoins/stablecoins";
import { retrieveQuote } from "../domain/quotes/retrieve";
import { retrieveOperation } from "../domain/stablecoins/mint-burn";
import { findTransaction } from "../domain/transactions/transactions";
import { serializeTransaction } from "../domain/transactions/serialize";
import type { RecoverOutcome } from "./idempotency";
import type { Operation } from "./operation";

const REBUILD: Record<
  RecoveryPoint["kind"],
  (platformId: string, id: string, point: RecoveryPoint) => Promise<unknown>
> = {
  quote: (platformId, id) => retrieveQuote(db(), platformId, toApiId("Quote", id)),
  transaction: async (platformId, id) =>
    serializeTransaction(await findTransaction(db(), platformId, toApiId("Transaction", id))),
  internalAccount: async (platformId, id) =>
    serializeInternalAccount(await db().internalAccount.findFirstOrThrow({ where: { id, platformId } })),
  cardTransaction: (platformId, id) => getCardTransaction(db(), platformId, toApiId("CardTransaction", id)),
  stablecoinOperation: (platformId, id) => retrieveOperation(db(), platformId, toApiId("StablecoinOperation", id)),
  // An approved action its request did not live to execute is executed now (once: lib/domain/agents/actions.ts).
  agentAction: async (platformId, id) => serializeAction(db(), await resumedAction(platformId, id)),
  agentActionTransaction: async (platformId, id) =>
    agentTransactionAnswer(await serializeAction(db(), await resumedAction(platformId, id))),
  card: (platformId, id) => getCard(db(), platformId, toApiId("Card", id)),
  stablecoin: (platformId, id) => retrieveStablecoin(db(), platformId, toApiId("Stablecoin", id)),
  stablecoinProviderAccount: (platformId, id) =>
    retrieveProviderAccount(db(), platformId, toApiId("StablecoinProviderAccount", id)),
  kycLink: async (_platformId, _id, point) => point.answer,
  simulationAccepted: async (_platformId, _id, point) => point.answer,
};

async function resumedAction(platformId: string, id: string) {
  return resumeAction(db(), await findAction(db(), platformId, null, toApiId("AgentAction", id)));
}

/** The operation's success status: its lowest 2xx other than a 202 challenge, or 202 where that is its only one. */
function successStatus(op: Operation<unknown, unknown, unknown>): number {
  const codes = Object.keys(op.responses)
    .map(Number)
    .filter((c) => c >= 200 && c < 300)
    .sort((a, b) => a - b);
  return codes.find((c) => c !== 202) ?? codes[0] ?? 200;
}

export function recoverOutcome(op: Operation<unknown, unknown, unknown>, platformId: string): RecoverOutcome {
  return async (point) => ({ status: successStatus(op), body: await REBUILD[point.kind](platformId, point.id, point) });
}

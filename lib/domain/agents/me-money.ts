// Money-moving agent operations: transfers, quotes and their execution, each
// for the agent's own customer and under its policy, plus its transactions.
import "server-only";
import type { Agent, PrismaClient } from "../../db/generated/client";
import { DomainError, invalidInput, notFound } from "../../kernel/errors";
import { parseApiId, toApiId } from "../../ids";
import { createQuote } from "../quotes/create";
import { findQuote, retrieveQuote } from "../quotes/retrieve";
import type { QuoteCreate } from "../quotes/schemas";
import { findTransaction, listTransactions, type TransactionListQuery } from "../transactions/transactions";
import { serializeTransaction } from "../transactions/serialize";
import { findAgentExternalAccount } from "./me";
import { policyOf } from "./agents";
import { checkAccountAllowed, checkPermission } from "./policy";
import { submitAction } from "./actions";

/** One of the agent's customer's internal accounts; any other id is 404. */
async function ownInternalAccount(db: PrismaClient, agent: Agent, id: string) {
  const uuid = parseApiId("InternalAccount", id);
  const row = uuid
    ? await db.internalAccount.findFirst({
        where: { id: uuid, platformId: agent.platformId, customerId: agent.customerId },
      })
    : null;
  if (!row) throw notFound(`Internal account ${id}`);
  return row;
}

/** An embedded wallet pays out only with its holder's signature, which an agent cannot give. */
function notFromWallet(account: { type: string }, field: string) {
  if (account.type === "EMBEDDED_WALLET") {
    throw invalidInput([
      {
        field,
        constraint: "INVALID",
        message: "Money leaves an embedded wallet only with its holder's signature; agents cannot move money out of it",
      },
    ]);
  }
}

type TransferBody = {
  source: { accountId: string };
  destination: { accountId: string; paymentRail?: string };
  amount: number;
  remittanceInformation?: string;
};

export async function agentTransferOut(db: PrismaClient, agent: Agent, body: TransferBody) {
  checkPermission(policyOf(agent), "CREATE_TRANSFERS");
  const src = await ownInternalAccount(db, agent, body.source.accountId);
  notFromWallet(src, "source.accountId");
  const ext = await findAgentExternalAccount(db, agent, body.destination.accountId);
  return submitAction(db, agent, {
    type: "TRANSFER_OUT",
    request: body,
    spend: { amount: BigInt(body.amount), currency: src.currency, accountId: toApiId("InternalAccount", src.id) },
    transferDetails: {
      amount: body.amount,
      currency: src.currency,
      sourceAccountId: body.source.accountId,
      destinationAccountId: toApiId("ExternalAccount", ext.id),
    },
  });
}

export async function agentTransferIn(db: PrismaClient, agent: Agent, body: TransferBody) {
  checkPermission(policyOf(agent), "CREATE_TRANSFERS");
  const ext = await findAgentExternalAccount(db, agent, body.source.accountId);
  const dest = await ownInternalAccount(db, agent, body.destination.accountId);
  return submitAction(db, agent, {
    type: "TRANSFER_IN",
    request: body,
    spend: { amount: BigInt(body.amount), currency: dest.currency, accountId: toApiId("InternalAccount", dest.id) },
    transferDetails: {
      amount: body.amount,
      currency: dest.currency,
      sourceAccountId: toApiId("ExternalAccount", ext.id),
      destinationAccountId: body.destination.accountId,
    },
  });
}

/** Quotes: every account named must be the customer's; funds move only through execute. */
export async function agentCreateQuote(
  db: PrismaClient,
  agent: Agent,
  body: QuoteCreate,
  idempotencyKey: string | null,
) {
  const policy = policyOf(agent);
  checkPermission(policy, "CREATE_QUOTES");
  if (body.immediatelyExecute) {
    throw invalidInput([
      {
        field: "immediatelyExecute",
        constraint: "INVALID",
        message:
          "Agents create a quote, then execute it with POST /agents/me/quotes/{quoteId}/execute so the policy applies",
      },
    ]);
  }
  const customerId = toApiId("Customer", agent.customerId);
  const source = body.source;
  if (source.customerId && source.customerId !== customerId)
    throw notFound(`Customer ${source.customerId}`, "USER_NOT_FOUND");
  if (source.sourceType === "ACCOUNT") {
    if (source.accountId.startsWith("InternalAccount:")) {
      notFromWallet(await ownInternalAccount(db, agent, source.accountId), "source.accountId");
      checkAccountAllowed(policy, source.accountId);
    } else await findAgentExternalAccount(db, agent, source.accountId);
  }
  const dest = body.destination;
  if (dest.destinationType === "ACCOUNT") {
    if (dest.accountId.startsWith("InternalAccount:")) await ownInternalAccount(db, agent, dest.accountId);
    else await findAgentExternalAccount(db, agent, dest.accountId);
  }
  return createQuote(db, agent.platformId, { ...body, source: { ...source, customerId } } as QuoteCreate, {
    idempotencyKey,
  });
}

async function ownQuote(db: PrismaClient, agent: Agent, quoteId: string) {
  const q = await findQuote(db, agent.platformId, quoteId);
  if (q.customerId !== agent.customerId) throw new DomainError("QUOTE_NOT_FOUND", `Quote ${quoteId} not found`);
  return q;
}

export async function agentGetQuote(db: PrismaClient, agent: Agent, quoteId: string) {
  await ownQuote(db, agent, quoteId);
  return retrieveQuote(db, agent.platformId, quoteId);
}

export async function agentExecuteQuote(db: PrismaClient, agent: Agent, quoteId: string) {
  checkPermission(policyOf(agent), "EXECUTE_QUOTES");
  const q = await ownQuote(db, agent, quoteId);
  if (q.status !== "PENDING") throw new DomainError("CONFLICT", "This quote was already executed", { quoteId });
  const pending = await db.agentAction.findFirst({
    where: { quoteId: q.id, status: { in: ["PENDING_APPROVAL", "APPROVED"] } },
  });
  if (pending)
    throw new DomainError("CONFLICT", "This quote already has an agent action", {
      agentActionId: toApiId("AgentAction", pending.id),
    });
  if (q.sourceAccountId)
    notFromWallet(
      await db.internalAccount.findUniqueOrThrow({ where: { id: q.sourceAccountId }, select: { type: true } }),
      "quoteId",
    );
  const accountId = q.sourceAccountId ?? q.destinationAccountId;
  if (!accountId)
    throw invalidInput([
      {
        field: "quoteId",
        constraint: "INVALID",
        message: "Agents execute quotes that move money from or into one of the customer's internal accounts",
      },
    ]);
  return submitAction(db, agent, {
    type: "EXECUTE_QUOTE",
    request: { quoteId },
    quoteId: q.id,
    transactionId: q.transactionId,
    spend: {
      amount: q.totalSendingAmount,
      currency: q.sendingCurrency,
      accountId: toApiId("InternalAccount", accountId),
    },
  });
}

export async function agentListTransactions(db: PrismaClient, agent: Agent, q: TransactionListQuery) {
  checkPermission(policyOf(agent), "VIEW_TRANSACTIONS");
  return listTransactions(db, agent.platformId, {
    ...q,
    customerId: toApiId("Customer", agent.customerId),
    platformCustomerId: undefined,
  });
}

export async function agentGetTransaction(db: PrismaClient, agent: Agent, id: string) {
  checkPermission(policyOf(agent), "VIEW_TRANSACTIONS");
  const row = await findTransaction(db, agent.platformId, id);
  if (row.customerId !== agent.customerId)
    throw new DomainError("TRANSACTION_NOT_FOUND", `Transaction ${id} not found`);
  return serializeTransaction(row);
}

// Money-moving agent operations: transfers, quotes and their execution, each
// for the agent's own customer and under its policy, plus its transactions.
import "server-only";
import { queryRows } from "../../db/client";
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
import { checkAccountAllowed, checkPermission, evaluateSpend } from "./policy";
import { submitAction, submitGuardedAction } from "./actions";

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

// The external account is found by its primary key alone (`OFFSET 0`): beside its platform and deleted_at, the
// generic plan walked the partial (platform, owner, fingerprint) index over the owner's accounts (bench:api).
const TRANSFER_ENDS = `SELECT i.id AS internal_id, i.type, i.currency, e.id AS external_id, e.customer_id,
       c.platform_customer_id
  FROM (SELECT 1) one
  LEFT JOIN customers c ON c.id = $1::uuid
  LEFT JOIN internal_accounts i ON i.id = $2::uuid AND i.platform_id = $3::uuid AND i.customer_id = $1::uuid
  LEFT JOIN (SELECT id, customer_id, platform_id, deleted_at FROM external_accounts WHERE id = $4::uuid OFFSET 0) e
         ON e.platform_id = $3::uuid AND e.deleted_at IS NULL`;

/**
 * A transfer's two accounts in one read: the customer's internal account and the external account (each accessor
 * answers as ownInternalAccount and findAgentExternalAccount do; the caller keeps their order of errors), with the
 * customer's platformCustomerId the action's answer shows.
 */
async function transferEnds(agent: Agent, internalId: string, externalId: string) {
  const internalUuid = parseApiId("InternalAccount", internalId);
  const externalUuid = parseApiId("ExternalAccount", externalId);
  // On the pool, not through Prisma: its query engine cost more CPU than this read (every agent transfer).
  const [row] = await queryRows<{
    internal_id: string | null;
    type: string | null;
    currency: string | null;
    external_id: string | null;
    customer_id: string | null;
    platform_customer_id: string | null;
  }>(TRANSFER_ENDS, [agent.customerId, internalUuid, agent.platformId, externalUuid]);
  return {
    /** The agent's customer's platformCustomerId, for the action's answer. */
    platformCustomerId: row.platform_customer_id ?? "",
    internal() {
      if (!row.internal_id) throw notFound(`Internal account ${internalId}`);
      return { id: row.internal_id, type: row.type!, currency: row.currency! };
    },
    external() {
      if (!row.external_id) throw new DomainError("REFERENCE_NOT_FOUND", `External account ${externalId} not found`);
      if (row.customer_id !== agent.customerId) throw notFound(`External account ${externalId}`);
      return { id: row.external_id };
    },
  };
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

/**
 * A transfer as one statement after authentication: the accounts' read becomes the action statement's guard. The
 * policy is evaluated first on the transfer as it is when it can succeed at all (the internal account in the
 * policy's limit currency: any other currency is refused by the policy), and the statement reserves and records
 * only when the read finds exactly that: both accounts the customer's, the internal one in that currency (and not an
 * embedded wallet, for money going out). Null when the policy refuses or the read does not match (nothing written):
 * the caller then takes the two-round-trip path, which reads again and answers with the same errors in the same order.
 */
async function transferInOneStatement(
  db: PrismaClient,
  agent: Agent,
  body: TransferBody,
  direction: "TRANSFER_OUT" | "TRANSFER_IN",
) {
  const out = direction === "TRANSFER_OUT";
  const internalId = out ? body.source.accountId : body.destination.accountId;
  const externalId = out ? body.destination.accountId : body.source.accountId;
  const internalUuid = parseApiId("InternalAccount", internalId);
  const externalUuid = parseApiId("ExternalAccount", externalId);
  if (!internalUuid || !externalUuid) return null;
  const policy = policyOf(agent);
  const currency = policy.spendingLimits.currency;
  const internal = toApiId("InternalAccount", internalUuid);
  const external = toApiId("ExternalAccount", externalUuid);
  const spend = { amount: BigInt(body.amount), currency, accountId: internal };
  try {
    evaluateSpend(policy, spend);
  } catch (err) {
    // A refusal of the policy (an account restriction, the per-transaction limit): the two-round-trip path decides
    // which error answers, in its order (a missing account's 404 first). Nothing was written.
    if (err instanceof DomainError) return null;
    throw err;
  }
  return submitGuardedAction(
    db,
    agent,
    {
      type: direction,
      request: body,
      spend,
      transferDetails: {
        amount: body.amount,
        currency,
        sourceAccountId: out ? body.source.accountId : external,
        destinationAccountId: out ? external : body.destination.accountId,
      },
    },
    {
      sql: (p) => `
        SELECT c.platform_customer_id,
               (i.id IS NOT NULL AND i.currency = ${p(currency)} ${out ? "AND i.type <> 'EMBEDDED_WALLET'" : ""}
                AND e.id IS NOT NULL AND e.customer_id = ${p(agent.customerId)}::uuid) AS ok
          FROM (SELECT 1) one
          LEFT JOIN customers c ON c.id = ${p(agent.customerId)}::uuid
          LEFT JOIN internal_accounts i ON i.id = ${p(internalUuid)}::uuid
                AND i.platform_id = ${p(agent.platformId)}::uuid AND i.customer_id = ${p(agent.customerId)}::uuid
          LEFT JOIN (SELECT id, customer_id, platform_id, deleted_at FROM external_accounts
                      WHERE id = ${p(externalUuid)}::uuid OFFSET 0) e
                 ON e.platform_id = ${p(agent.platformId)}::uuid AND e.deleted_at IS NULL`,
    },
  );
}

type TransferBody = {
  source: { accountId: string };
  destination: { accountId: string; paymentRail?: string };
  amount: number;
  remittanceInformation?: string;
};

export async function agentTransferOut(db: PrismaClient, agent: Agent, body: TransferBody) {
  checkPermission(policyOf(agent), "CREATE_TRANSFERS");
  const done = await transferInOneStatement(db, agent, body, "TRANSFER_OUT");
  if (done) return done;
  const ends = await transferEnds(agent, body.source.accountId, body.destination.accountId);
  const src = ends.internal();
  notFromWallet(src, "source.accountId");
  const ext = ends.external();
  return submitAction(db, agent, {
    type: "TRANSFER_OUT",
    request: body,
    platformCustomerId: ends.platformCustomerId,
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
  const done = await transferInOneStatement(db, agent, body, "TRANSFER_IN");
  if (done) return done;
  const ends = await transferEnds(agent, body.destination.accountId, body.source.accountId);
  const ext = ends.external();
  const dest = ends.internal();
  return submitAction(db, agent, {
    type: "TRANSFER_IN",
    request: body,
    platformCustomerId: ends.platformCustomerId,
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

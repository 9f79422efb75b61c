// Agent actions: every money-moving agent operation (transfer out, transfer
// in, quote execution) is an action. The policy decides whether it runs at
// once (AUTO) or waits for the platform (PENDING_APPROVAL, with the
// AGENT_ACTION.PENDING_APPROVAL webhook). Usage is reserved when the action is
// submitted and given back if it is rejected or fails. Approval has one
// implementation, reached from POST /agents/{agentId}/actions/{actionId}/approve
// and from POST /transactions/{transactionId}/approve.
//
// Crash safety (docs/adr-006-crash-safe-idempotency.md): an action becomes
// APPROVED (approval, or AUTO at submission) in the same transaction that
// enqueues its resume job, and executes afterwards. If the process dies in
// between, the job (or a retry of the approval) executes it. It executes at
// most once because its effect is keyed: a transfer's transaction id is fixed
// on the action, and a quote executes only once; whoever loses a race finds
// the effect there and answers with it instead of marking the action FAILED.
import "server-only";
import { db as appDb, type Db } from "../../db/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import type { Agent, AgentAction, PrismaClient } from "../../db/generated/client";
import { DomainError, invalidInput, isServiceFault, notFound } from "../../kernel/errors";
import { failpoint } from "../../kernel/failpoints";
import { enqueueJob, type JobRecord } from "../../jobs/queue";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { emitWebhook } from "../../webhooks/outbox";
import { serializeTransaction } from "../transactions/serialize";
import { executeQuote } from "../quotes/execute";
import { retrieveQuote } from "../quotes/retrieve";
import { transferIn, transferOut } from "../transfers/transfers";
import { policyOf } from "./agents";
import { evaluateSpend, type SpendRequest } from "./policy";
import { releaseUsage, reserveUsage } from "./usage";

export type ActionType = "EXECUTE_QUOTE" | "TRANSFER_OUT" | "TRANSFER_IN";

type TransferRequest = {
  source: { accountId: string };
  destination: { accountId: string; paymentRail?: string };
  amount: number;
  remittanceInformation?: string;
};

/** How each action type runs once allowed: one table. */
const EXECUTE: Record<ActionType, (db: PrismaClient, a: AgentAction) => Promise<unknown>> = {
  TRANSFER_OUT: (db, a) =>
    transferOut(db, a.platformId, a.request as TransferRequest, { transactionId: a.transactionId }),
  TRANSFER_IN: (db, a) =>
    transferIn(db, a.platformId, a.request as TransferRequest, { transactionId: a.transactionId }),
  EXECUTE_QUOTE: async (db, a) =>
    executeQuote(db, await db.quote.findFirstOrThrow({ where: { id: a.quoteId!, platformId: a.platformId } })),
};

export async function serializeAction(db: Db, row: AgentAction) {
  const [customer, transaction] = await Promise.all([
    db.customer.findUnique({ where: { id: row.customerId }, select: { platformCustomerId: true } }),
    db.transaction.findUnique({ where: { id: row.transactionId } }),
  ]);
  const quote = row.quoteId
    ? await retrieveQuote(db as PrismaClient, row.platformId, toApiId("Quote", row.quoteId))
    : undefined;
  return {
    id: toApiId("AgentAction", row.id),
    agentId: toApiId("Agent", row.agentId),
    customerId: toApiId("Customer", row.customerId),
    platformCustomerId: customer?.platformCustomerId ?? "",
    status: row.status as "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "FAILED",
    type: row.type as ActionType,
    transactionId: toApiId("Transaction", row.transactionId),
    ...(quote ? { quote } : {}),
    ...(row.transferDetails ? { transferDetails: row.transferDetails } : {}),
    ...(transaction ? { transaction: serializeTransaction(transaction) } : {}),
    ...(row.rejectionReason ? { rejectionReason: row.rejectionReason } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const RESUME_ACTION_JOB = "agent.action.resume";
/**
 * When the resume job of an APPROVED action runs: after the request that approved it has normally executed it
 * (then the job finds the effect and does nothing). Racing a slow request is safe either way.
 */
const RESUME_AFTER_MS = 5_000;

function enqueueResume(tx: Db, action: { id: string; platformId: string }) {
  return enqueueJob(tx, {
    type: RESUME_ACTION_JOB,
    platformId: action.platformId,
    payload: { actionId: action.id },
    delayMs: RESUME_AFTER_MS,
  });
}

/** The action's effect committed: its transaction exists (a transfer's or the executed quote's). */
async function executed(db: Db, action: AgentAction): Promise<boolean> {
  return (await db.transaction.count({ where: { id: action.transactionId } })) > 0;
}

async function runAction(db: PrismaClient, action: AgentAction): Promise<AgentAction> {
  try {
    await EXECUTE[action.type as ActionType](db, action);
    return db.agentAction.findUniqueOrThrow({ where: { id: action.id } });
  } catch (err) {
    // Another runner (the resume job, or the approval's retry) executed it meanwhile: that is its outcome.
    if (await executed(db, action)) return db.agentAction.findUniqueOrThrow({ where: { id: action.id } });
    // Not a refusal (the database went away, a fault): the action stays APPROVED and its resume job tries again.
    if (!(err instanceof DomainError && !isServiceFault(err.code))) throw err;
    await db.$transaction(async (tx) => {
      const failed = await tx.agentAction.updateMany({
        where: { id: action.id, status: "APPROVED" },
        data: { status: "FAILED", failureReason: err.code },
      });
      // Usage is given back once, by whoever marked it FAILED.
      if (failed.count === 1)
        await releaseUsage(tx, action.agentId, action.usageDay, action.usageMonth, action.policyAmount);
    });
    throw err;
  }
}

/**
 * Job: executes an APPROVED action whose approving process died before it ran (exactly once: see above).
 * Done when the action is no longer APPROVED or already executed; a refusal leaves it FAILED.
 */
export async function resumeActionJob(job: JobRecord): Promise<void> {
  const action = await appDb().agentAction.findUnique({ where: { id: String(job.payload.actionId) } });
  if (action) await resumeAction(appDb(), action);
}

/**
 * An APPROVED action not executed yet is executed now (its approving request died, or is slow); the action as it
 * is then. The resume job and a retry of the request (rebuilding its answer, lib/api/idempotency-recovery.ts) both
 * come here; its keyed effect keeps it to one execution.
 */
export async function resumeAction(db: PrismaClient, action: AgentAction): Promise<AgentAction> {
  if (action.status !== "APPROVED" || (await executed(db, action))) return action;
  try {
    return await runAction(db, action);
  } catch (err) {
    if (!(err instanceof DomainError && !isServiceFault(err.code))) throw err;
    return db.agentAction.findUniqueOrThrow({ where: { id: action.id } });
  }
}

/**
 * Submits an agent operation under its policy. Throws the policy's 403s and
 * limit errors before anything is recorded; an AUTO action that then fails to
 * execute is kept as FAILED (its usage given back) and its error returned.
 */
export async function submitAction(
  db: PrismaClient,
  agent: Agent,
  spec: {
    type: ActionType;
    request: object;
    spend: SpendRequest;
    transferDetails?: object;
    quoteId?: string;
    transactionId?: string;
  },
) {
  const policy = policyOf(agent);
  const decision = evaluateSpend(policy, spec.spend);
  const now = new Date();
  const pending = decision.executionMode === "APPROVAL_REQUIRED";
  const action = await db.$transaction(async (tx) => {
    const { day, month } = await reserveUsage(tx, agent.id, policy, decision.policyAmount, now);
    const row = await tx.agentAction.create({
      data: {
        id: newUuid(),
        platformId: agent.platformId,
        agentId: agent.id,
        customerId: agent.customerId,
        type: spec.type,
        status: pending ? "PENDING_APPROVAL" : "APPROVED",
        transactionId: spec.transactionId ?? newUuid(),
        quoteId: spec.quoteId ?? null,
        request: spec.request,
        transferDetails: spec.transferDetails,
        policyAmount: decision.policyAmount,
        usageDay: day,
        usageMonth: month,
      },
    });
    await fenceIdempotency(tx, { kind: "agentAction", id: row.id });
    if (!pending) await enqueueResume(tx, row);
    if (pending)
      await emitWebhook(tx, agent.platformId, "AGENT_ACTION.PENDING_APPROVAL", {
        ...(await serializeAction(tx, row)),
        approvalReasons: decision.reasons,
      });
    return row;
  });
  const done = pending ? action : await runAction(db, action);
  return serializeAction(db, done);
}

export async function findAction(db: Db, platformId: string, agentId: string | null, actionId: string) {
  const uuid = parseApiId("AgentAction", actionId);
  const agentUuid = agentId === null ? undefined : parseApiId("Agent", agentId);
  if (agentId !== null && !agentUuid) throw notFound(`Agent ${agentId}`);
  const row = uuid
    ? await db.agentAction.findFirst({ where: { id: uuid, platformId, ...(agentUuid ? { agentId: agentUuid } : {}) } })
    : null;
  if (!row) throw notFound(`Agent action ${actionId}`);
  return row;
}

function notPending(row: AgentAction): DomainError {
  return new DomainError(
    "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
    `Agent action ${toApiId("AgentAction", row.id)} is ${row.status}, not pending approval`,
    { status: row.status },
  );
}

/** Approves a pending action and executes it; a failed execution leaves it FAILED. */
export async function approveAction(db: PrismaClient, row: AgentAction, answers: "action" | "transaction" = "action") {
  const claimed = await db.$transaction(async (tx) => {
    const moved = await tx.agentAction.updateMany({
      where: { id: row.id, status: "PENDING_APPROVAL" },
      data: { status: "APPROVED" },
    });
    if (moved.count !== 1) return false;
    // The approval is the request's effect: a retry with its key rebuilds the answer from the action (resuming it).
    await fenceIdempotency(tx, { kind: answers === "action" ? "agentAction" : "agentActionTransaction", id: row.id });
    await enqueueResume(tx, row);
    return true;
  });
  const approved = await db.agentAction.findUniqueOrThrow({ where: { id: row.id } });
  // Approved earlier by a request that died before executing it (this may be its retry): execute it now.
  const interrupted = !claimed && approved.status === "APPROVED" && !(await executed(db, approved));
  if (!claimed && !interrupted) throw notPending(approved);
  failpoint("agent-action-approved");
  try {
    return serializeAction(db, await runAction(db, approved));
  } catch (err) {
    if (err instanceof DomainError && !isServiceFault(err.code))
      return serializeAction(db, await db.agentAction.findUniqueOrThrow({ where: { id: row.id } }));
    throw err;
  }
}

export async function rejectAction(db: PrismaClient, row: AgentAction, reason: string | undefined) {
  await db.$transaction(async (tx) => {
    const claimed = await tx.agentAction.updateMany({
      where: { id: row.id, status: "PENDING_APPROVAL" },
      data: { status: "REJECTED", rejectionReason: reason ?? "Rejected by the platform" },
    });
    if (claimed.count !== 1) throw notPending(row);
    await releaseUsage(tx, row.agentId, row.usageDay, row.usageMonth, row.policyAmount);
  });
  return serializeAction(db, await db.agentAction.findUniqueOrThrow({ where: { id: row.id } }));
}

/**
 * POST /transactions/{transactionId}/approve|reject for agent actions: the
 * pending action whose transaction this is, or null when the id is not an
 * agent action's (the caller then handles an ordinary pending payment).
 */
export async function agentActionForTransaction(db: Db, platformId: string, transactionId: string) {
  const uuid = parseApiId("Transaction", transactionId);
  if (!uuid) return null;
  const row = await db.agentAction.findFirst({ where: { transactionId: uuid, platformId } });
  if (!row) return null;
  const exists = await db.transaction.findUnique({ where: { id: uuid }, select: { id: true } });
  // Once executed, the transaction itself answers (it is no longer pending approval).
  return exists ? null : row;
}

export async function approveAgentTransaction(db: PrismaClient, row: AgentAction) {
  return agentTransactionAnswer(await approveAction(db, row, "transaction"));
}

/** POST /transactions/{transactionId}/approve's answer for an agent action: its transaction, or why there is none. */
export function agentTransactionAnswer(action: Awaited<ReturnType<typeof serializeAction>>) {
  if (action.status === "FAILED") {
    throw new DomainError(
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
      `The agent action failed when executed (${action.failureReason})`,
      { agentAction: action },
    );
  }
  return action.transaction;
}

/**
 * POST /transactions/{transactionId}/reject for an agent's action awaiting approval: refused, the action unchanged.
 * The spec approves an agent's transaction at /transactions/{id}/approve but rejects it among the Agent Management
 * endpoints (POST /agents/{agentId}/actions/{actionId}/reject, answering the AgentAction); the reference's
 * transaction reject answers an IncomingTransaction, which no agent action is, or 400 when the payment "cannot be
 * rejected" there.
 */
export function rejectedElsewhere(row: AgentAction): DomainError {
  const path = `/agents/${toApiId("Agent", row.agentId)}/actions/${toApiId("AgentAction", row.id)}/reject`;
  return invalidInput(
    [{ field: "transactionId", constraint: "INVALID", message: `An agent's action: reject it with POST ${path}` }],
    `This transaction is an agent's action awaiting approval; reject it with POST ${path}`,
  );
}

export interface ApprovalListQuery extends PaginationQuery {
  agentId?: string;
  customerId?: string;
  startDate?: string;
  endDate?: string;
  sortOrder?: "asc" | "desc";
}

export async function listActions(
  db: Db,
  platformId: string,
  q: ApprovalListQuery & { status?: string; type?: string },
) {
  const agentId = q.agentId ? parseApiId("Agent", q.agentId) : undefined;
  const customerId = q.customerId ? parseApiId("Customer", q.customerId) : undefined;
  if ((q.agentId && !agentId) || (q.customerId && !customerId)) return toPage([], q, 0, (r: AgentAction) => r);
  const where = {
    platformId,
    ...(agentId ? { agentId } : {}),
    ...(customerId ? { customerId } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.startDate || q.endDate
      ? {
          createdAt: {
            ...(q.startDate ? { gte: new Date(q.startDate) } : {}),
            ...(q.endDate ? { lte: new Date(q.endDate) } : {}),
          },
        }
      : {}),
  };
  const args = pageArgs(q, q.sortOrder ?? "desc");
  const [rows, total] = await Promise.all([
    db.agentAction.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.agentAction.count({ where, ...boundedCount }),
  ]);
  const page = toPage(rows, q, total, (r) => r);
  return { ...page, data: await Promise.all(page.data.map((r) => serializeAction(db, r))) };
}

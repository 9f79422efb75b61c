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
import { db as appDb, isUniqueViolation, queryRows, type Db, type Prisma } from "../../db/client";
import { currentFence, fenceIdempotency, fenceJson, fenceRefused, isFenceRefusal } from "../../db/idempotency-fence";
import type { Agent, AgentAction, PrismaClient } from "../../db/generated/client";
import { DomainError, invalidInput, isServiceFault, notFound } from "../../kernel/errors";
import { failpoint } from "../../kernel/failpoints";
import { enqueueJob, withSandboxRules, type JobRecord } from "../../jobs/queue";
import { toJsonText } from "../../kernel/json";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { outboxCtes, outboxRows, type OutboxRows } from "../../webhooks/outbox";
import { serializeTransaction } from "../transactions/serialize";
import { executeQuote } from "../quotes/execute";
import { retrieveQuote } from "../quotes/retrieve";
import { transferIn, transferOut } from "../transfers/transfers";
import { policyOf } from "./agents";
import { evaluateSpend, type AgentPolicy, type SpendRequest } from "./policy";
import { periodKeys, releaseUsage, reserveCall, reserveRefusal } from "./usage";

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

/**
 * The reference's AgentAction. `known` carries what the caller already knows, so nothing is read twice: the
 * customer's platformCustomerId, or that the action's transaction does not exist yet (null).
 */
export async function serializeAction(
  db: Db,
  row: AgentAction,
  known: { platformCustomerId?: string; transaction?: null } = {},
) {
  const [customer, transaction] = await Promise.all([
    known.platformCustomerId !== undefined
      ? { platformCustomerId: known.platformCustomerId }
      : db.customer.findUnique({ where: { id: row.customerId }, select: { platformCustomerId: true } }),
    known.transaction === null ? null : db.transaction.findUnique({ where: { id: row.transactionId } }),
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
 *
 * The usage reservation, the action, its webhook event or resume job and the
 * Idempotency-Key's fence are one statement (recordAction): the agent's usage
 * rows stay locked for that statement and its commit only, not across round
 * trips, so one agent's concurrent actions queue briefly and never hold pooled
 * connections that other agents' requests wait for.
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
    /** The customer's platformCustomerId when the caller has read it (else the answer reads it). */
    platformCustomerId?: string;
  },
) {
  const answer = await submitGuardedAction(db, agent, spec, null);
  if (!answer) throw new Error("an unguarded action was refused by its guard");
  return answer;
}

/**
 * A condition the action's statement checks before it reserves anything (ActionGuard.sql, a CTE named `ends` of one
 * row with `ok` and the customer's `platform_customer_id`): the reads the caller would otherwise make in a round trip
 * of its own. The caller has evaluated the policy on what the action would be when `ok` holds (the spend's currency,
 * the accounts' ids); when it does not hold, nothing is written and submitGuardedAction answers null, so the caller
 * reads again and answers as without a guard.
 */
export interface ActionGuard {
  /** The `ends` CTE's query; `p` numbers a parameter of it. */
  sql: (p: (v: unknown) => string) => string;
}

/**
 * submitAction with a guard (null: none). The customer's platformCustomerId comes from the guard's row, into the
 * answer and into the pending webhook's payload (set in the statement).
 */
export async function submitGuardedAction(
  db: PrismaClient,
  agent: Agent,
  spec: Parameters<typeof submitAction>[2],
  guard: ActionGuard | null,
) {
  const policy = policyOf(agent);
  const decision = evaluateSpend(policy, spec.spend);
  const now = new Date();
  const pending = decision.executionMode === "APPROVAL_REQUIRED";
  const { day, month } = periodKeys(now);
  const row: AgentAction = {
    id: newUuid(),
    platformId: agent.platformId,
    agentId: agent.id,
    customerId: agent.customerId,
    type: spec.type,
    status: pending ? "PENDING_APPROVAL" : "APPROVED",
    transactionId: spec.transactionId ?? newUuid(),
    quoteId: spec.quoteId ?? null,
    request: spec.request as Prisma.JsonObject,
    transferDetails: (spec.transferDetails ?? null) as Prisma.JsonObject | null,
    policyAmount: decision.policyAmount,
    usageDay: day,
    usageMonth: month,
    rejectionReason: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
  // A new transfer's transaction id is fresh, so there is no transaction to read; a quote's may exist.
  const known = {
    ...(spec.transactionId ? {} : { transaction: null }),
    ...(spec.platformCustomerId !== undefined ? { platformCustomerId: spec.platformCustomerId } : {}),
  };
  if (!pending) {
    const recorded = await recordAction(agent, policy, row, null, guard);
    if (!recorded) return null;
    const ran = await runAction(db, row);
    const platformCustomerId = recorded.platformCustomerId ?? spec.platformCustomerId;
    return serializeAction(db, ran, platformCustomerId !== undefined ? { platformCustomerId } : {});
  }
  const action = await serializeAction(db, row, guard ? { ...known, platformCustomerId: "" } : known);
  const outbox = outboxRows("AGENT_ACTION.PENDING_APPROVAL", { ...action, approvalReasons: decision.reasons }, now);
  const recorded = await recordAction(agent, policy, row, outbox, guard);
  if (!recorded) return null;
  return recorded.platformCustomerId === undefined
    ? action
    : { ...action, platformCustomerId: recorded.platformCustomerId };
}

/**
 * One statement: reserves the action's amount against the agent's limits and, only if that succeeded, inserts the
 * action with its webhook event and delivery job (pending) or its resume job (approved), and with an
 * Idempotency-Key the key's fence (APPLIED with the action as recovery point, or MI001 rolling it all back).
 * Throws the limit the reservation refused, with nothing written. With a guard, the reservation and everything
 * after it happen only when the guard's `ends` row is `ok`; null when it is not (nothing written), else the
 * customer's platformCustomerId the guard read (the pending event's payload takes it in the statement).
 */
async function recordAction(
  agent: Agent,
  policy: AgentPolicy,
  row: AgentAction,
  outbox: OutboxRows<unknown> | null,
  guard: ActionGuard | null = null,
): Promise<{ platformCustomerId?: string } | null> {
  const reserve = reserveCall(agent.id, policy, row.policyAmount, row.createdAt, 1);
  const values: unknown[] = [
    ...reserve.values,
    row.id,
    row.platformId,
    row.agentId,
    row.customerId,
    row.type,
    row.status,
    row.transactionId,
    row.quoteId,
    toJsonText(row.request),
    row.transferDetails === null ? null : toJsonText(row.transferDetails),
    String(row.policyAmount),
    row.createdAt,
  ];
  const p = (v: unknown) => `$${values.push(v)}`;
  const ends = guard ? `ends AS (${guard.sql(p)}), ` : "";
  // Pending: its webhook event (and delivery job when the platform has an endpoint); approved: its resume job.
  const writes = outbox
    ? `, ${outboxCtes({
        from: "action",
        platformId: "$9::uuid",
        eventId: p(outbox.event.id),
        type: p(outbox.event.type),
        payload: guard
          ? `jsonb_set(${p(outbox.event.payload)}::jsonb, '{data,platformCustomerId}',
                          to_jsonb(coalesce((SELECT platform_customer_id FROM ends), '')))`
          : `${p(outbox.event.payload)}::jsonb`,
        sandboxRules: p(outbox.event.sandboxRules),
        jobId: p(outbox.job.id),
        jobPayload: p(outbox.job.payload),
      })}`
    : `, job AS (
         INSERT INTO jobs (id, platform_id, type, payload, run_at)
         SELECT ${p(newUuid())}::uuid, $9::uuid, '${RESUME_ACTION_JOB}',
                ${p(JSON.stringify(withSandboxRules({ actionId: row.id })))}::jsonb,
                ${p(new Date(Date.now() + RESUME_AFTER_MS))}::timestamptz FROM action
         RETURNING id)`;
  const fence = currentFence();
  const fenceArg = fence ? p(toJsonText(fenceJson(fence, { kind: "agentAction", id: row.id }))) : "";
  // The inserting CTEs run whether or not the answer reads them; the fence is a SELECT, so the answer reads it.
  const fenced = fence ? `, fence AS (SELECT idempotency_fence(${fenceArg}::jsonb) FROM action)` : "";
  // With a guard, the reservation runs only on an `ok` row of `ends` (a WHERE is checked before the select list).
  const sql = `
    WITH ${ends}r AS (SELECT ${reserve.sql} AS result${guard ? " FROM ends WHERE ends.ok" : ""}),
    action AS (
      INSERT INTO agent_actions (usage_day, usage_month, id, platform_id, agent_id, customer_id, type, status,
        transaction_id, quote_id, request, transfer_details, policy_amount, created_at, updated_at)
      SELECT $2, $3, $8::uuid, $9::uuid, $10::uuid, $11::uuid, $12, $13, $14::uuid, $15::uuid, $16::jsonb,
             $17::jsonb, $18::bigint, $19::timestamptz, $19::timestamptz
        FROM r WHERE r.result = 'OK'
      RETURNING id)${writes}${fenced}
    SELECT r.result${fence ? ", (SELECT count(*) FROM fence) AS fenced" : ""}${
      guard ? ", ends.ok, ends.platform_customer_id FROM ends LEFT JOIN r ON true" : " FROM r"
    }`;
  let result: string | undefined;
  let guarded: { ok: boolean; platform_customer_id: string | null } | undefined;
  try {
    const rows = await queryRows<{ result: string; ok: boolean; platform_customer_id: string | null }>(sql, values);
    result = rows[0]?.result;
    guarded = rows[0];
  } catch (err) {
    if (isFenceRefusal(err)) throw fenceRefused();
    // A quote's second action racing the first: the transaction id is the action's unique key.
    if (isUniqueViolation(err)) throw new DomainError("CONFLICT", "A resource with these unique values already exists");
    throw err;
  }
  if (guard && !guarded?.ok) return null;
  const refused = reserveRefusal(result, policy);
  if (refused) throw refused;
  return guard ? { platformCustomerId: guarded?.platform_customer_id ?? "" } : {};
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

// The money engine. Every transfer (quote execution, same-currency transfer,
// real-time funding, incoming UMA payment, timed sandbox outcome, cancel,
// approve) is turned into one Plan and applied by the SQL function
// money_apply in ONE statement: conditional state changes, the transaction
// row, the balanced ledger posting (ledger_post), the webhooks and the timed
// jobs commit together or not at all.
//
// Where the money is, for a transaction in flight (stored in transactions.plan):
//   origin   where it came from (an internal account's available balance, or a
//            system account for pulls, real-time funding and incoming payments)
//   hold     where it waits while the payout is pending (the source account's
//            pending bucket, so totalBalance still counts it; or IN_FLIGHT)
//   delivery where it ends (an internal account, or the PAYOUT / UMA system account)
// Settling moves hold → delivery (fees to FEES, currency conversion through
// FX); a refund moves hold → origin; a return moves delivery → origin.
import "server-only";
import { db as defaultDb } from "../../db/client";
import { applyPlanBatched } from "./plan-batch";
import {
  currentFence,
  fenceJson,
  fenceRefused,
  isFenceRefusal,
  type IdempotencyFence,
  type RecoveryPoint,
} from "../../db/idempotency-fence";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { failpoint } from "../../kernel/failpoints";
import { toJsonText } from "../../kernel/json";
import { JOB_RULES_FIELD, notedSandboxRules } from "../../sandbox/rule-trace";
import { observer } from "../../kernel/observer";
import { newUuid, toApiId } from "../../ids";
import { entryRows, ledgerError, type LedgerEntryInput } from "../../ledger/post";
import type { JobOutcome, JobRecord } from "../../jobs/queue";
import { wakeJobs } from "../../jobs/wake";
import { sandboxDelayMs, SANDBOX_DELAYS } from "../../sandbox/time";
import { serializeInternalAccount, type InternalAccountRow } from "../accounts/internal-accounts";
import { canTransition, paymentWebhookType, type TransactionStatus } from "./status";
import { serializeTransaction, type TransactionRow } from "./serialize";

export type Loc = { account: string; bucket?: "available" | "pending" } | { system: string };

export interface MoneyPlan {
  origin: Loc;
  hold: Loc;
  delivery: Loc;
  sendCurrency: string;
  sendTotal: string;
  fees: string;
  receiveCurrency: string;
  receiveAmount: string;
  /** True once the money sits in `hold` (moved there when the payout went pending). */
  holding: boolean;
  /** The outcome still to come for a pending payment. */
  deferred?: DeferredOutcome;
}

/** What happens when the payment resolves: settle, fail with a reason, or settle-then-return. */
export interface DeferredOutcome {
  kind: "succeed" | "fail" | "return" | "long-success" | "pending-then-fail";
  failureReason?: string;
  refundFails?: boolean;
}

export interface PlanJson {
  platform: string;
  quoteInsert?: Record<string, unknown>;
  quoteUpdate?: { id: string; from: string[]; status: string; executed_at?: string };
  txnInsert?: Record<string, unknown>;
  /** The receiver's INCOMING transaction of a payment to another customer of the platform (execute-transfer.ts). */
  receiverTxnInsert?: Record<string, unknown>;
  txnUpdate?: {
    id: string;
    from: string[];
    status: string;
    failure_reason?: string;
    refund?: unknown;
    settled_at?: string;
    awaiting_approval?: boolean;
    pending_reason?: string | null;
    plan?: unknown;
  };
  posting?: { id: string; kind: string; reference: string; entries: unknown };
  events: PlanEvent[];
  balanceEvents: { id: string; account: string; template: unknown }[];
  jobs: { id: string; type: string; payload: Record<string, unknown>; delay_ms: number }[];
  /** The Idempotency-Key fence of the request applying it (set by applyPlan). */
  idem?: IdempotencyFence;
  /** The sandbox rules that steered it (set by applyPlan): its webhook events keep them (sandbox_rules). */
  sandboxRules?: string[];
}

/**
 * A webhook event of the plan: its payload in full, or, for the other events of
 * the same group, the changes to the top-level fields of the plan's event at
 * index `of` (fields set, then fields removed). The several events of one
 * transaction differ in a few fields, so the plan carries its snapshot once;
 * money_apply rebuilds each payload (webhook_event_data, SQL).
 */
export type PlanEvent =
  | { id: string; type: string; payload: unknown }
  | { id: string; type: string; of: number; set?: Record<string, unknown>; unset?: string[] };

/**
 * A quote or transaction row for the plan. money_apply fills the row with
 * jsonb_populate_record(NULL::table, …), where a missing key is NULL, so null
 * columns are left out: fewer bytes to send and to parse per transfer.
 */
export function insertRow(fields: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const key in fields) if (fields[key] !== null && fields[key] !== undefined) row[key] = fields[key];
  return row;
}

export function emptyPlan(platformId: string): PlanJson {
  return { platform: platformId, events: [], balanceEvents: [], jobs: [] };
}

function entry(loc: Loc, currency: string, amount: bigint): LedgerEntryInput {
  return "account" in loc
    ? { account: loc.account, bucket: loc.bucket ?? "available", currency, amount }
    : { system: loc.system, currency, amount };
}

/** hold (or origin, for a direct transfer) → delivery, fees to FEES, conversion through FX. */
export function settleEntries(from: Loc, p: MoneyPlan): LedgerEntryInput[] {
  const total = BigInt(p.sendTotal);
  const fees = BigInt(p.fees);
  const recv = BigInt(p.receiveAmount);
  const out = [entry(from, p.sendCurrency, -total), entry(p.delivery, p.receiveCurrency, recv)];
  if (fees > 0n) out.push({ system: "FEES", currency: p.sendCurrency, amount: fees });
  if (p.sendCurrency !== p.receiveCurrency || total - fees !== recv) {
    out.push({ system: "FX", currency: p.sendCurrency, amount: total - fees });
    out.push({ system: "FX", currency: p.receiveCurrency, amount: -recv });
  }
  return out;
}

export function moveEntries(from: Loc, to: Loc, currency: string, amount: bigint): LedgerEntryInput[] {
  return [entry(from, currency, -amount), entry(to, currency, amount)];
}

/** A delivered payment comes back: delivery → origin, fees and conversion reversed. */
export function returnEntries(p: MoneyPlan): LedgerEntryInput[] {
  return settleEntries(p.origin, p).map((e) => ({ ...e, amount: -e.amount }));
}

export function accountsOf(entries: LedgerEntryInput[]): string[] {
  return [...new Set(entries.filter((e) => e.account).map((e) => e.account!))];
}

export function addPosting(
  plan: PlanJson,
  kind: string,
  reference: string,
  entries: LedgerEntryInput[],
  accounts: Map<string, InternalAccountRow>,
) {
  // Plain objects: applyPlan serializes the whole plan once (toJsonText).
  plan.posting = { id: newUuid(), kind, reference, entries: entryRows(entries) };
  for (const id of accountsOf(entries)) {
    const row = accounts.get(id);
    if (row) plan.balanceEvents.push({ id: newUuid(), account: id, template: serializeInternalAccount(row) });
  }
}

/** Equal as JSON values (undefined object fields count as absent), without serializing them. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!sameJson(x[key], y[key])) return false;
  for (const key in y) if (x[key] === undefined && y[key] !== undefined) return false;
  return true;
}

/** Top-level fields that differ from `base`'s: equal when applied to `base` as money_apply does. */
export function payloadChanges(
  base: Record<string, unknown>,
  payload: Record<string, unknown>,
): { set?: Record<string, unknown>; unset?: string[] } {
  let set: Record<string, unknown> | undefined;
  const unset: string[] = [];
  for (const key in payload) {
    const value = payload[key];
    if (value !== undefined && !sameJson(value, base[key])) (set ??= {})[key] = value;
  }
  for (const key in base) if (base[key] !== undefined && payload[key] === undefined) unset.push(key);
  return { ...(set ? { set } : {}), ...(unset.length > 0 ? { unset } : {}) };
}

/**
 * Adds the webhook events of one resource, in order (a null type fires nothing).
 * The payload with the most fields goes in full; the others as its changes.
 */
export function addEventGroup(plan: PlanJson, events: { type: string | null; payload: Record<string, unknown> }[]) {
  const fired = events.filter((e): e is { type: string; payload: Record<string, unknown> } => e.type !== null);
  if (fired.length === 0) return;
  const fields = (payload: Record<string, unknown>) => Object.values(payload).filter((v) => v !== undefined).length;
  let full = 0;
  fired.forEach((e, i) => {
    if (fields(e.payload) > fields(fired[full].payload)) full = i;
  });
  const base = plan.events.length + full;
  fired.forEach((e, i) => {
    plan.events.push(
      i === full
        ? { id: newUuid(), type: e.type, payload: e.payload }
        : { id: newUuid(), type: e.type, of: base, ...payloadChanges(fired[full].payload, e.payload) },
    );
  });
}

/**
 * The payment webhooks of a transaction that went through `steps` to its
 * current status (row.status, the last step): each earlier step carries the
 * transaction as it was then. A refund follows as REFUND_PENDING, then its
 * outcome; until then the transaction shows the refund as initiated.
 */
export function addPaymentEvents(plan: PlanJson, row: TransactionRow, steps: readonly TransactionStatus[]) {
  const refund = row.refund as ReturnType<typeof refundOf> | null;
  const initiated = refund
    ? { reference: refund.reference, initiatedAt: refund.initiatedAt, status: "PENDING", reason: refund.reason }
    : null;
  const events = steps.map((step, i) => {
    const at =
      i === steps.length - 1
        ? { ...row, refund: initiated }
        : { ...row, status: step, settledAt: null, failureReason: null, refund: null };
    return { type: paymentWebhookType(row.type, step), payload: serializeTransaction(at as TransactionRow) };
  });
  if (refund) {
    const prefix = row.type === "INCOMING" ? "INCOMING_PAYMENT" : "OUTGOING_PAYMENT";
    events.push({
      type: `${prefix}.REFUND_PENDING`,
      payload: serializeTransaction({ ...row, refund: initiated } as TransactionRow),
    });
    if (refund.status !== "PENDING")
      events.push({ type: `${prefix}.REFUND_${refund.status}`, payload: serializeTransaction(row) });
  }
  addEventGroup(plan, events);
}

export function addJob(plan: PlanJson, type: string, payload: Record<string, unknown>, delayMs: number) {
  plan.jobs.push({ id: newUuid(), type, payload, delay_ms: delayMs });
}

/** The money a plan's posting moves: its credits, per currency. */
function reportMoney(plan: PlanJson, outcome: "applied" | "refused") {
  if (!plan.posting) return;
  const moved = new Map<string, number>();
  for (const e of plan.posting.entries as { currency: string; amount: string }[]) {
    const amount = Number(e.amount);
    if (amount > 0) moved.set(e.currency, (moved.get(e.currency) ?? 0) + amount);
  }
  for (const [currency, amount] of moved) observer().moneyMoved(currency, plan.posting.kind, outcome, amount);
}

/**
 * Runs one plan in one statement; maps the database's refusals to API errors. `opts.amountField`: the request field a
 * balance above the JSON-safe bound is blamed on (ledgerError); `opts.recovery`: what an Idempotency-Key's replay
 * answers with, for a plan that makes no quote or transaction.
 */
export async function applyPlan(
  db: Db | null,
  plan: PlanJson,
  opts: { amountField?: string; recovery?: RecoveryPoint } = {},
): Promise<void> {
  const fence = currentFence();
  if (fence) plan.idem = fenceJson(fence, opts.recovery ?? recoveryOf(plan));
  // The rules that steered the plan: its events keep them, and its timed outcomes' jobs carry them on
  // (as enqueueJob's do) so the events those jobs emit later name them too.
  const rules = notedSandboxRules();
  if (rules.length > 0) {
    plan.sandboxRules = rules;
    for (const job of plan.jobs) job.payload = { ...job.payload, [JOB_RULES_FIELD]: rules };
  }
  const text = toJsonText(plan);
  try {
    // Outside an interactive transaction the plan goes to the pool without
    // Prisma's per-query work, batched with the plans of concurrent requests.
    if (db && db !== defaultDb())
      await (fence
        ? db.$executeRaw`SELECT money_apply_fenced(${text}::jsonb)`
        : db.$executeRaw`SELECT money_apply(${text}::jsonb)`);
    else await applyPlanBatched(text, fence !== undefined);
    reportMoney(plan, "applied");
  } catch (err) {
    reportMoney(plan, "refused");
    if (isFenceRefusal(err)) throw fenceRefused();
    const e = err as { code?: string; meta?: { code?: string }; cause?: { code?: string } };
    const code = e.code === "P2010" ? e.meta?.code : (e.cause?.code ?? e.code);
    if (code === "MQ001") throw new DomainError("CONFLICT", "This quote was already executed, or is no longer pending");
    if (code === "MT001")
      throw new DomainError("CONFLICT", "The transaction's status changed concurrently; fetch it and retry");
    throw ledgerError(err, opts.amountField);
  }
  // A quote's execution committed (with its transaction and webhook outbox rows), not yet delivered.
  failpoint("quote-executed", plan.txnInsert !== undefined && (plan.quoteInsert ?? plan.quoteUpdate) !== undefined);
  if (plan.jobs.length > 0 && plan.jobs.some((j) => j.delay_ms === 0)) wakeJobs();
}

/** The resource a plan's request answers with: its quote if it has one, else its transaction. */
function recoveryOf(plan: PlanJson): { kind: "quote" | "transaction"; id: string } | undefined {
  const quote = (plan.quoteInsert?.id as string | undefined) ?? plan.quoteUpdate?.id;
  if (quote) return { kind: "quote", id: quote };
  const txn = (plan.txnInsert?.id as string | undefined) ?? plan.txnUpdate?.id;
  return txn ? { kind: "transaction", id: txn } : undefined;
}

/** A transaction row after a status change, for its webhook payload. */
function withStatus(
  row: TransactionRow,
  status: TransactionStatus,
  extra: Partial<TransactionRow> = {},
): TransactionRow {
  return { ...row, ...extra, status, updatedAt: new Date() };
}

export function refundOf(
  reason: "TRANSACTION_FAILED" | "USER_CANCELLATION" | "TIMEOUT",
  status: "COMPLETED" | "FAILED" | "PENDING",
  txId: string,
) {
  const now = new Date().toISOString();
  return {
    reference: `Refund:${txId}`,
    initiatedAt: now,
    ...(status === "COMPLETED" ? { settledAt: now } : {}),
    status,
    reason,
  };
}

/**
 * Moves a stored transaction to `to` with its money effects and webhooks.
 * `row` is the transaction as loaded; the change is conditional on its status.
 */
export function transitionPlan(
  row: TransactionRow,
  to: TransactionStatus,
  accounts: Map<string, InternalAccountRow>,
  opts: {
    entries?: LedgerEntryInput[];
    kind?: string;
    failureReason?: string;
    refund?: ReturnType<typeof refundOf>;
    job?: { type: string; payload: Record<string, unknown>; delayMs: number };
    plan?: MoneyPlan;
    awaitingApproval?: boolean;
  } = {},
): PlanJson {
  if (!canTransition(row.status, to)) {
    throw new DomainError("CONFLICT", `Transaction is ${row.status}; it cannot become ${to}`);
  }
  const plan = emptyPlan(row.platformId);
  const settledAt = to === "COMPLETED" ? new Date().toISOString() : undefined;
  plan.txnUpdate = {
    id: row.id,
    from: [row.status],
    status: to,
    ...(opts.failureReason ? { failure_reason: opts.failureReason } : {}),
    ...(opts.refund ? { refund: opts.refund } : {}),
    ...(settledAt ? { settled_at: settledAt } : {}),
    ...(opts.awaitingApproval !== undefined ? { awaiting_approval: opts.awaitingApproval } : {}),
    ...(opts.plan ? { plan: opts.plan } : {}),
  };
  if (opts.entries && opts.entries.length > 0)
    addPosting(plan, opts.kind ?? `TRANSACTION_${to}`, toApiId("Transaction", row.id), opts.entries, accounts);
  const after = withStatus(row, to, {
    ...(opts.failureReason ? { failureReason: opts.failureReason } : {}),
    ...(opts.refund ? { refund: opts.refund } : {}),
    ...(settledAt ? { settledAt: new Date(settledAt) } : {}),
    ...(opts.awaitingApproval !== undefined ? { awaitingApproval: opts.awaitingApproval } : {}),
  });
  addPaymentEvents(plan, after, [to]);
  if (opts.job) addJob(plan, opts.job.type, opts.job.payload, opts.job.delayMs);
  return plan;
}

export async function loadAccounts(
  db: Db,
  platformId: string,
  ids: (string | null | undefined)[],
): Promise<Map<string, InternalAccountRow>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const rows = await db.internalAccount.findMany({ where: { platformId, id: { in: wanted } } });
  return new Map(rows.map((r) => [r.id, r]));
}

function locAccounts(p: MoneyPlan): string[] {
  return [p.origin, p.hold, p.delivery].filter((l): l is { account: string } => "account" in l).map((l) => l.account);
}

/**
 * Resolves a transaction whose outcome was deferred (timed sandbox outcome,
 * approval): settle, fail with refund, or return after completion.
 */
export async function resolveTransaction(
  db: Db | null,
  row: TransactionRow,
  action: "complete" | "fail" | "return" | "cancel",
): Promise<void> {
  const p = row.plan as unknown as MoneyPlan;
  const conn = db ?? defaultDb();
  const accounts = await loadAccounts(conn, row.platformId, locAccounts(p));
  const heldSomething = p.holding === true;
  let plan: PlanJson;
  if (action === "complete") {
    plan = transitionPlan(row, "COMPLETED", accounts, {
      entries: heldSomething ? settleEntries(p.hold, p) : settleEntries(p.origin, p),
      kind: "PAYOUT_SETTLED",
    });
  } else if (action === "return") {
    plan = transitionPlan(row, "FAILED", accounts, {
      entries: returnEntries(p),
      kind: "PAYOUT_RETURNED",
      failureReason: "PAYOUT_RETURNED",
      refund: refundOf("TRANSACTION_FAILED", "COMPLETED", row.id),
    });
  } else {
    const reason = action === "cancel" ? "USER_CANCELLATION" : "TRANSACTION_FAILED";
    const refundFails = action === "fail" && p.deferred?.refundFails;
    const entries =
      heldSomething && !refundFails ? moveEntries(p.hold, p.origin, p.sendCurrency, BigInt(p.sendTotal)) : undefined;
    plan = transitionPlan(row, "FAILED", accounts, {
      entries,
      kind: "PAYOUT_REFUNDED",
      // A cancellation is no failure reason of the reference's enum: its refund says USER_CANCELLATION (the reference's
      // transaction lifecycle: "when a payment fails or is cancelled, refunds are tracked in a dedicated object").
      failureReason: action === "cancel" ? undefined : (p.deferred?.failureReason ?? "QUOTE_EXECUTION_FAILED"),
      refund: heldSomething || refundFails ? refundOf(reason, refundFails ? "FAILED" : "COMPLETED", row.id) : undefined,
    });
  }
  await applyPlan(db, plan);
}

/** Job: a timed sandbox outcome comes due. Idempotent: a transaction already moved on is left alone. */
export async function transactionOutcomeJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const row = await db.transaction.findUnique({ where: { id: String(job.payload.transactionId) } });
  if (!row) return;
  const action = String(job.payload.action) as "complete" | "fail" | "return";
  const expected = action === "return" ? "COMPLETED" : "PROCESSING";
  if (row.status !== expected) return;
  try {
    await resolveTransaction(null, row, action);
  } catch (err) {
    if (err instanceof DomainError && err.code === "CONFLICT") return;
    throw err;
  }
}

export const SANDBOX_OUTCOME_DELAYS = {
  pendingThenFail: () => sandboxDelayMs(SANDBOX_DELAYS.pendingThenFailMs),
  longPayment: () => sandboxDelayMs(SANDBOX_DELAYS.longPaymentMs),
  returnAfter: () => sandboxDelayMs(SANDBOX_DELAYS.payoutReturnMs),
};

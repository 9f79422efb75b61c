// Quotes: create (optionally executing at once), retrieve, execute, and the
// sandbox real-time funding payment. A quote's source is an internal account,
// an external account (a pull) or real-time funding; its destination an
// internal account, an external account (a payout) or a UMA address.
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation } from "../../db/client";
import { ApiError, invalidInput } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { sandboxDelayMs } from "../../sandbox/time";
import { QUOTE_TTL_MS } from "../../sandbox/rates";
import { pullPayoutOutcomeFor, quoteDestinationOutcomeFor, type SandboxTransferOutcome } from "../../sandbox/external-accounts";
import { UMA_ADDRESS_RE, umaScenario } from "../../sandbox/uma";
import { currencyInfo, currencyObject } from "../currencies";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { fundingInstructions } from "../accounts/internal-accounts";
import { primaryIdentifier, type ExternalAccountRow } from "../external-accounts/external-accounts";
import { addExecution, type TransferSpec } from "../transactions/execute-transfer";
import { addJob, applyPlan, emptyPlan, insertRow, loadAccounts, transitionPlan, type DeferredOutcome, type Loc, type PlanJson } from "../transactions/engine";
import { db as defaultDb } from "../../db/client";
import type { JobOutcome, JobRecord } from "../../jobs/queue";
import { loadForTransfer } from "../transactions/load";
import { assertUmaLookup } from "../invitations/receiver";
import { quoteStatusOf } from "../transactions/status";
import { checkLimits, feeRuleFor, OWNERSHIP_VERIFICATION_THRESHOLD_CENTS, price, usdCents } from "./pricing";
import type { QuoteCreate } from "./schemas";
import type { WalletApproval } from "../../ledger/post";
import { chooseQuoteFactor, openQuoteAuthorization, pendingChallengeView, quoteNeedsSca, requestQuoteAuthorization } from "./authorization";

export type QuoteRow = NonNullable<Awaited<ReturnType<PrismaClient["quote"]["findFirst"]>>>;

export function serializeQuote(q: QuoteRow, transactionStatus: string | null) {
  return {
    id: toApiId("Quote", q.id),
    status: quoteStatusOf(q.status, q.expiresAt, transactionStatus),
    createdAt: q.createdAt.toISOString(),
    expiresAt: q.expiresAt.toISOString(),
    source: q.source as Record<string, unknown>,
    destination: q.destination as Record<string, unknown>,
    sendingCurrency: currencyObject(q.sendingCurrency),
    receivingCurrency: currencyObject(q.receivingCurrency),
    totalSendingAmount: Number(q.totalSendingAmount),
    totalReceivingAmount: Number(q.totalReceivingAmount),
    exchangeRate: Number(q.exchangeRate),
    feesIncluded: Number(q.fees),
    paymentInstructions: q.paymentInstructions as Record<string, unknown>[],
    transactionId: toApiId("Transaction", q.transactionId),
    ...(q.description ? { description: q.description } : {}),
  };
}

function uuidOf(type: "InternalAccount" | "ExternalAccount", id: string): string | null {
  return parseApiId(type, id);
}

function umaOutcome(kind: string, failureReason?: string): DeferredOutcome {
  if (kind === "fail") return { kind: "fail", failureReason };
  if (kind === "long-success") return { kind: "long-success" };
  return { kind: "succeed" };
}

function activeExternal(row: ExternalAccountRow, role: "source" | "destination"): void {
  if (row.status === "PENDING") {
    throw new ApiError("BANK_ACCOUNT_VALIDATION_PENDING", "The bank account is still being validated (micro-entry and return window); retry later", {
      externalAccountId: toApiId("ExternalAccount", row.id),
    });
  }
  if (row.status === "INACTIVE" || row.status === "UNDER_REVIEW") {
    throw new ApiError("INVALID_BANK_ACCOUNT", `The ${role} external account is ${row.status} and cannot be used`);
  }
}

interface Resolved {
  customerId: string | null;
  sourceKind: "INTERNAL" | "PULL" | "REALTIME";
  sourceAccount: InternalAccountRow | null;
  sourceExternal: ExternalAccountRow | null;
  destinationKind: "INTERNAL" | "EXTERNAL" | "UMA";
  destinationAccount: InternalAccountRow | null;
  destinationExternal: ExternalAccountRow | null;
  destinationUma: string | null;
  sendingCurrency: string;
  receivingCurrency: string;
  origin: Loc;
  hold: Loc;
  delivery: Loc;
  fundingOutcome?: SandboxTransferOutcome;
  deliveryOutcome: DeferredOutcome;
}

function internalIdsOf(body: Pick<QuoteCreate, "source" | "destination">): (string | null)[] {
  return [
    body.source.sourceType === "ACCOUNT" ? uuidOf("InternalAccount", body.source.accountId) : null,
    body.destination.destinationType === "ACCOUNT" ? uuidOf("InternalAccount", body.destination.accountId) : null,
  ];
}

/** `preloaded`: the internal accounts the body names, when the caller already read them. */
async function resolve(db: PrismaClient, platformId: string, body: QuoteCreate, preloaded?: Map<string, InternalAccountRow>): Promise<Resolved> {
  const src = body.source;
  const dst = body.destination;
  const internalIds = internalIdsOf(body);
  const externalIds = [
    src.sourceType === "ACCOUNT" ? uuidOf("ExternalAccount", src.accountId) : null,
    dst.destinationType === "ACCOUNT" ? uuidOf("ExternalAccount", dst.accountId) : null,
  ];
  const [internals, externals] = await Promise.all([
    preloaded ?? loadAccounts(db, platformId, internalIds),
    externalIds.some(Boolean)
      ? db.externalAccount.findMany({ where: { platformId, deletedAt: null, id: { in: externalIds.filter((x): x is string => !!x) } } })
      : Promise.resolve([]),
  ]);
  const ext = new Map(externals.map((e) => [e.id, e]));

  const r: Partial<Resolved> = {};
  if (src.sourceType === "ACCOUNT") {
    const acct = internalIds[0] ? internals.get(internalIds[0]) : undefined;
    const extAcct = externalIds[0] ? ext.get(externalIds[0]) : undefined;
    if (acct) {
      if (acct.status !== "ACTIVE") throw new ApiError("CONFLICT", `The source account is ${acct.status}`);
      r.sourceKind = "INTERNAL";
      r.sourceAccount = acct;
      r.customerId = acct.customerId;
      r.sendingCurrency = acct.currency;
      r.origin = { account: acct.id, bucket: "available" };
      r.hold = { account: acct.id, bucket: "pending" };
    } else if (extAcct) {
      activeExternal(extAcct, "source");
      r.sourceKind = "PULL";
      r.sourceExternal = extAcct;
      r.customerId = extAcct.customerId;
      r.sendingCurrency = extAcct.currency;
      r.origin = { system: "PULL" };
      r.hold = { system: "IN_FLIGHT" };
      r.fundingOutcome = pullPayoutOutcomeFor(primaryIdentifier(extAcct.accountInfo as Record<string, unknown> & { accountType: string }));
    } else {
      throw new ApiError("NOT_FOUND", `Source account ${src.accountId} not found`);
    }
    if (src.customerId && toApiId("Customer", r.customerId ?? "") !== src.customerId) {
      throw invalidInput([{ field: "source.customerId", constraint: "INVALID", message: "The source account does not belong to this customer" }]);
    }
  } else {
    const cust = src.customerId ? parseApiId("Customer", src.customerId) : null;
    if (cust && !(await db.customer.findFirst({ where: { id: cust, platformId, deletedAt: null }, select: { id: true } }))) {
      throw new ApiError("CUSTOMER_NOT_FOUND", `Customer ${src.customerId} not found`);
    }
    r.sourceKind = "REALTIME";
    r.customerId = cust;
    r.sendingCurrency = src.currency;
    r.origin = { system: "REALTIME_FUNDING" };
    r.hold = { system: "IN_FLIGHT" };
  }

  if (dst.destinationType === "ACCOUNT") {
    const acct = internalIds[1] ? internals.get(internalIds[1]) : undefined;
    const extAcct = externalIds[1] ? ext.get(externalIds[1]) : undefined;
    if (acct) {
      if (r.sourceAccount && acct.id === r.sourceAccount.id) throw new ApiError("SELF_PAYMENT", "The source and destination are the same account");
      r.destinationKind = "INTERNAL";
      r.destinationAccount = acct;
      r.receivingCurrency = acct.currency;
      r.delivery = { account: acct.id, bucket: "available" };
      r.deliveryOutcome = { kind: "succeed" };
    } else if (extAcct) {
      if (r.sourceExternal && extAcct.id === r.sourceExternal.id) throw new ApiError("SELF_PAYMENT", "The source and destination are the same account");
      activeExternal(extAcct, "destination");
      r.destinationKind = "EXTERNAL";
      r.destinationExternal = extAcct;
      r.receivingCurrency = extAcct.currency;
      r.delivery = { system: "PAYOUT" };
      const o = quoteDestinationOutcomeFor(primaryIdentifier(extAcct.accountInfo as Record<string, unknown> & { accountType: string }));
      r.deliveryOutcome = { kind: o.kind, failureReason: o.failureReason, refundFails: o.refundFails };
    } else {
      throw new ApiError("NOT_FOUND", `Destination account ${dst.accountId} not found`);
    }
  } else {
    if (!UMA_ADDRESS_RE.test(dst.umaAddress)) throw new ApiError("INVALID_UMA_ADDRESS", `${dst.umaAddress} is not a UMA address ($user@domain)`);
    const scenario = umaScenario(dst.umaAddress);
    r.destinationKind = "UMA";
    r.destinationUma = dst.umaAddress;
    if (scenario) {
      if (dst.currency && dst.currency !== scenario.currency) throw new ApiError("INVALID_CURRENCY", `${dst.umaAddress} receives ${scenario.currency}`);
      r.receivingCurrency = scenario.currency;
      r.delivery = { system: "UMA" };
      r.deliveryOutcome = umaOutcome(scenario.kind, scenario.failureReason);
    } else {
      // A customer of this platform: the payment lands in their internal account.
      const receiver = await db.customer.findFirst({ where: { platformId, deletedAt: null, umaAddress: { equals: dst.umaAddress, mode: "insensitive" } } });
      if (!receiver) throw new ApiError("INVALID_UMA_ADDRESS", `No UMA receiver answers at ${dst.umaAddress}`);
      if (receiver.id === r.customerId) throw new ApiError("SELF_PAYMENT", "A customer cannot pay their own UMA address");
      const accounts = await db.internalAccount.findMany({ where: { platformId, customerId: receiver.id, status: "ACTIVE", type: { not: "EMBEDDED_WALLET" } }, orderBy: { id: "asc" } });
      const target = dst.currency ? accounts.find((a) => a.currency === dst.currency) : accounts[0];
      if (!target) throw new ApiError("INVALID_CURRENCY", `${dst.umaAddress} cannot receive ${dst.currency ?? "any currency"}`);
      r.destinationAccount = target;
      r.receivingCurrency = target.currency;
      r.delivery = { account: target.id, bucket: "available" };
      r.deliveryOutcome = { kind: "succeed" };
    }
  }
  return {
    sourceAccount: null,
    sourceExternal: null,
    destinationAccount: null,
    destinationExternal: null,
    destinationUma: null,
    ...r,
  } as Resolved;
}

export interface CreateQuoteOptions {
  idempotencyKey?: string | null;
}

function specOf(q: QuoteRow, res: Pick<Resolved, "origin" | "hold" | "delivery" | "fundingOutcome" | "deliveryOutcome">, description: string | null, paymentRail: string | null): TransferSpec {
  return {
    platformId: q.platformId,
    transactionId: q.transactionId,
    customerId: q.customerId,
    quoteId: q.id,
    type: "OUTGOING",
    source: q.source as Record<string, unknown>,
    destination: q.destination as Record<string, unknown>,
    sourceAccountId: q.sourceAccountId,
    destinationAccountId: q.destinationAccountId,
    externalAccountId: q.destinationExternalAccountId ?? q.sourceExternalAccountId,
    origin: res.origin,
    hold: res.hold,
    delivery: res.delivery,
    sendCurrency: q.sendingCurrency,
    sendTotal: q.totalSendingAmount,
    fees: q.fees,
    receiveCurrency: q.receivingCurrency,
    receiveAmount: q.totalReceivingAmount,
    exchangeRate: q.exchangeRate,
    fundingOutcome: res.fundingOutcome,
    deliveryOutcome: res.deliveryOutcome,
    description,
    paymentRail,
  };
}

/** Where a quote's money would come from and go, read from the quote alone (for a transaction that moves nothing yet). */
function quoteLocations(q: QuoteRow): { origin: Loc; hold: Loc; delivery: Loc } {
  const origin: Loc = q.sourceAccountId ? { account: q.sourceAccountId, bucket: "available" } : { system: q.sourceKind === "REALTIME" ? "REALTIME_FUNDING" : "PULL" };
  const delivery: Loc = q.destinationAccountId ? { account: q.destinationAccountId, bucket: "available" } : { system: q.destinationKind === "UMA" ? "UMA" : "PAYOUT" };
  return { origin, hold: origin, delivery };
}

/**
 * Adds the quote's transaction to `plan` as waiting, before any money moves: a
 * real-time funded quote waits for its payment (PENDING), an SCA quote for
 * authorization (PENDING_AUTHORIZATION). Its webhooks go out now; the execution
 * later updates the row.
 */
export function announceQuoteTransaction(plan: PlanJson, q: QuoteRow, waitingFor: "PENDING" | "PENDING_AUTHORIZATION"): void {
  const rail = (q.destination as { paymentRail?: string }).paymentRail ?? null;
  addExecution(plan, { ...specOf(q, { ...quoteLocations(q), deliveryOutcome: { kind: "succeed" } }, q.description, rail), waitingFor }, new Map());
}

export const QUOTE_EXPIRY_JOB = "quote.expiry";

/** Job, due when a real-time funded quote expires: unfunded, its transaction EXPIRES (OUTGOING_PAYMENT.EXPIRED). */
export async function quoteExpiryJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const q = await db.quote.findUnique({ where: { id: String(job.payload.quoteId) } });
  if (!q || q.status !== "PENDING") return;
  // Authorization (SCA) opened a new funding window: come back when it closes.
  if (q.expiresAt.getTime() > Date.now()) return { retryInMs: q.expiresAt.getTime() - Date.now(), note: "funding window still open" };
  await endWaitingTransaction(db, q, "PENDING", "EXPIRED");
}

function quoteInsertRow(q: QuoteRow): Record<string, unknown> {
  return {
    id: q.id,
    platform_id: q.platformId,
    customer_id: q.customerId,
    status: q.status,
    source: q.source,
    destination: q.destination,
    source_kind: q.sourceKind,
    source_account_id: q.sourceAccountId,
    source_external_account_id: q.sourceExternalAccountId,
    destination_kind: q.destinationKind,
    destination_account_id: q.destinationAccountId,
    destination_external_account_id: q.destinationExternalAccountId,
    destination_uma: q.destinationUma,
    sending_currency: q.sendingCurrency,
    receiving_currency: q.receivingCurrency,
    locked_currency_side: q.lockedCurrencySide,
    locked_currency_amount: q.lockedCurrencyAmount.toString(),
    total_sending_amount: q.totalSendingAmount.toString(),
    total_receiving_amount: q.totalReceivingAmount.toString(),
    fees: q.fees.toString(),
    exchange_rate: q.exchangeRate,
    payment_instructions: q.paymentInstructions,
    transaction_id: q.transactionId,
    description: q.description,
    idempotency_key: q.idempotencyKey,
    expires_at: q.expiresAt.toISOString(),
    executed_at: q.executedAt?.toISOString() ?? null,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    sca_required: q.scaRequired,
  };
}

export function realtimeInstructions(quoteId: string, currency: string) {
  const reference = `MRDQ${quoteId.replace(/-/g, "").slice(-12).toUpperCase()}`;
  const info = fundingInstructions({ id: quoteId, currency, type: currencyInfo(currency)?.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT" })[0];
  return [{ ...info, instructionsNotes: `Send exactly the totalSendingAmount with reference ${reference} before the quote expires`, isPlatformAccount: true, reference }];
}

export async function createQuote(db: PrismaClient, platformId: string, body: QuoteCreate, opts: CreateQuoteOptions = {}) {
  if (body.destination.destinationType === "UMA_ADDRESS" && UMA_ADDRESS_RE.test(body.destination.umaAddress)) {
    await assertUmaLookup(db, platformId, body.destination.umaAddress, body.lookupId);
  }
  const { settings, accounts: named, regions } = await loadForTransfer(db, platformId, internalIdsOf(body));
  const res = await resolve(db, platformId, body, named);
  const scaRequired = await quoteNeedsSca(db, res.customerId, regions);
  const priced = price(body.lockedCurrencySide, BigInt(body.lockedCurrencyAmount), res.sendingCurrency, res.receivingCurrency, feeRuleFor(settings, res.sendingCurrency, res.receivingCurrency));
  checkLimits(settings, res.sendingCurrency, res.receivingCurrency, priced);
  const ext = res.destinationExternal;
  if (ext && (ext.status === "PENDING_OWNERSHIP_VERIFICATION" || ext.status === "UNVERIFIED") && usdCents(priced.totalReceivingAmount, res.receivingCurrency) >= OWNERSHIP_VERIFICATION_THRESHOLD_CENTS) {
    throw new ApiError("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED", "Verify ownership of the destination wallet before sending this amount", {
      externalAccountId: toApiId("ExternalAccount", ext.id),
      status: ext.status,
    });
  }
  const immediate = body.immediatelyExecute === true;
  if (immediate && res.sourceAccount?.type === "EMBEDDED_WALLET") {
    throw invalidInput([{ field: "immediatelyExecute", constraint: "INVALID", message: "Embedded wallet sources need a signed execute; create the quote, then POST /quotes/{quoteId}/execute" }]);
  }
  if (immediate && res.sourceKind === "REALTIME") {
    throw invalidInput([{ field: "immediatelyExecute", constraint: "INVALID", message: "Real-time funded quotes execute when their payment arrives" }]);
  }
  // SCA customers authorize before money moves or real-time funding instructions appear.
  const awaitsSca = scaRequired && (immediate || res.sourceKind === "REALTIME");
  const sca = awaitsSca ? await chooseQuoteFactor(db, res.customerId!, body.scaFactor) : null;
  const now = new Date();
  const id = newUuid();
  const q: QuoteRow = {
    id,
    platformId,
    customerId: res.customerId,
    status: awaitsSca ? "PENDING_AUTHORIZATION" : immediate ? "PROCESSING" : "PENDING",
    source: body.source as QuoteRow["source"],
    destination: body.destination as QuoteRow["destination"],
    sourceKind: res.sourceKind,
    sourceAccountId: res.sourceAccount?.id ?? null,
    sourceExternalAccountId: res.sourceExternal?.id ?? null,
    destinationKind: res.destinationKind,
    destinationAccountId: res.destinationAccount?.id ?? null,
    destinationExternalAccountId: res.destinationExternal?.id ?? null,
    destinationUma: res.destinationUma,
    sendingCurrency: res.sendingCurrency,
    receivingCurrency: res.receivingCurrency,
    lockedCurrencySide: body.lockedCurrencySide,
    lockedCurrencyAmount: BigInt(body.lockedCurrencyAmount),
    totalSendingAmount: priced.totalSendingAmount,
    totalReceivingAmount: priced.totalReceivingAmount,
    fees: priced.fees,
    exchangeRate: priced.exchangeRate,
    paymentInstructions: (res.sourceKind === "REALTIME" && !awaitsSca ? realtimeInstructions(id, res.sendingCurrency) : []) as QuoteRow["paymentInstructions"],
    transactionId: newUuid(),
    description: body.description ?? null,
    idempotencyKey: opts.idempotencyKey ?? null,
    expiresAt: new Date(now.getTime() + sandboxDelayMs(QUOTE_TTL_MS)),
    executedAt: immediate && !awaitsSca ? now : null,
    createdAt: now,
    updatedAt: now,
    scaRequired: scaRequired || null,
    walletApprovedBy: null,
  };
  const plan = emptyPlan(platformId);
  plan.quoteInsert = insertRow(quoteInsertRow(q));
  let txStatus: string | null = null;
  if (immediate && !awaitsSca) {
    const accounts = new Map([res.sourceAccount, res.destinationAccount].filter((a): a is InternalAccountRow => !!a).map((a) => [a.id, a]));
    txStatus = addExecution(plan, specOf(q, res, body.description ?? null, body.destination.destinationType === "ACCOUNT" ? (body.destination.paymentRail ?? null) : null), accounts).status;
  } else if (res.sourceKind === "REALTIME" && !awaitsSca) {
    announceQuoteTransaction(plan, q, "PENDING");
    addJob(plan, QUOTE_EXPIRY_JOB, { quoteId: q.id }, q.expiresAt.getTime() - now.getTime());
    txStatus = "PENDING";
  }
  try {
    await applyPlan(db, plan, { amountField: "lockedCurrencyAmount" });
  } catch (err) {
    if (opts.idempotencyKey && isUniqueViolation(err)) return replayByKey(db, platformId, opts.idempotencyKey);
    throw err;
  }
  if (sca) return { ...serializeQuote(q, null), scaChallenge: await db.$transaction((tx) => openQuoteAuthorization(tx, q, sca)) };
  return serializeQuote(q, txStatus);
}

/** The quote a previous request with this Idempotency-Key made (the key committed with it). */
async function replayByKey(db: PrismaClient, platformId: string, key: string) {
  const q = await db.quote.findFirst({ where: { platformId, idempotencyKey: key } });
  if (!q) throw new ApiError("CONFLICT", "A request with this Idempotency-Key is still being processed; retry shortly");
  return retrieveQuoteRow(db, q);
}

async function retrieveQuoteRow(db: PrismaClient, q: QuoteRow) {
  if (q.status === "PENDING_AUTHORIZATION") {
    const scaChallenge = await pendingChallengeView(db, q);
    // A challenge that can no longer be answered: the quote fails (SCA_NOT_COMPLETED), as the
    // expiry job records moments after the challenge's expiresAt.
    if (!scaChallenge || Date.parse(scaChallenge.expiresAt) <= Date.now()) return { ...serializeQuote(q, null), status: "FAILED" };
    return { ...serializeQuote(q, null), scaChallenge };
  }
  const tx = q.status === "PENDING" ? null : await db.transaction.findUnique({ where: { id: q.transactionId }, select: { status: true } });
  return serializeQuote(q, tx?.status ?? null);
}

export async function findQuote(db: PrismaClient, platformId: string, quoteId: string): Promise<QuoteRow> {
  const uuid = parseApiId("Quote", quoteId);
  const q = uuid ? await db.quote.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!q) throw new ApiError("QUOTE_NOT_FOUND", `Quote ${quoteId} not found`);
  return q;
}

export async function retrieveQuote(db: PrismaClient, platformId: string, quoteId: string) {
  return retrieveQuoteRow(db, await findQuote(db, platformId, quoteId));
}

/** Re-resolves a stored quote's money locations and sandbox outcomes at execution time. */
async function resolveStored(db: PrismaClient, q: QuoteRow) {
  const body = { source: q.source, destination: q.destination, lockedCurrencySide: q.lockedCurrencySide, lockedCurrencyAmount: Number(q.lockedCurrencyAmount) } as QuoteCreate;
  return resolve(db, q.platformId, body);
}

export function assertExecutable(q: QuoteRow): void {
  if (q.status === "PENDING_AUTHORIZATION") {
    throw new ApiError("CONFLICT", "This quote is waiting for SCA authorization: POST /quotes/{quoteId}/authorize", { quoteId: toApiId("Quote", q.id) });
  }
  // EXPIRED is stored once a real-time funded quote's expiry job ran; before that the clock says so.
  if (q.status === "EXPIRED" || (q.status === "PENDING" && q.expiresAt.getTime() <= Date.now())) {
    throw new ApiError("QUOTE_EXPIRED", "The quote expired; request a new quote", { expiresAt: q.expiresAt.toISOString() });
  }
  if (q.status !== "PENDING") throw new ApiError("CONFLICT", "This quote was already executed", { quoteId: toApiId("Quote", q.id) });
}

/**
 * POST /quotes/{id}/execute once the caller is authorised. `walletApproval`: the
 * holder's signed retry when the source is an embedded wallet (without it the
 * ledger refuses the debit).
 */
export async function executeQuote(db: PrismaClient, q: QuoteRow, opts: { scaFactor?: "SMS_OTP" | "TOTP" | "PASSKEY"; walletApproval?: WalletApproval | null } = {}) {
  assertExecutable(q);
  if (q.sourceKind === "REALTIME") {
    throw invalidInput([{ field: "quoteId", constraint: "INVALID", message: "A real-time funded quote executes when its payment arrives (see paymentInstructions; POST /sandbox/send in the sandbox)" }]);
  }
  if (q.scaRequired) return requestQuoteAuthorization(db, q, opts.scaFactor, opts.walletApproval ?? null);
  const res = await resolveStored(db, q);
  return runExecution(db, q, res, "PENDING", opts.walletApproval ?? null);
}

/** Runs an authorized quote's transfer (from PENDING_AUTHORIZATION), with the wallet approval given on execute. */
export async function runStoredExecution(db: PrismaClient, q: QuoteRow, from: "PENDING" | "PENDING_AUTHORIZATION") {
  const approval = q.walletApprovedBy && q.sourceAccountId ? { account: q.sourceAccountId, by: q.walletApprovedBy } : null;
  return runExecution(db, q, await resolveStored(db, q), from, approval);
}

async function runExecution(db: PrismaClient, q: QuoteRow, res: Resolved, from: "PENDING" | "PENDING_AUTHORIZATION" = "PENDING", walletApproval: WalletApproval | null = null) {
  const plan = emptyPlan(q.platformId);
  const now = new Date();
  plan.quoteUpdate = { id: q.id, from: [from], status: "PROCESSING", executed_at: now.toISOString() };
  const accounts = new Map([res.sourceAccount, res.destinationAccount].filter((a): a is InternalAccountRow => !!a).map((a) => [a.id, a]));
  const dst = q.destination as { paymentRail?: string };
  // Real-time funded and SCA quotes announced their transaction while they waited.
  const announced = q.sourceKind === "REALTIME" || q.scaRequired ? await db.transaction.findUnique({ where: { id: q.transactionId }, select: { createdAt: true } }) : null;
  const tx = addExecution(plan, { ...specOf(q, res, q.description, dst.paymentRail ?? null), announced: announced ?? undefined, walletApproval }, accounts);
  await applyPlan(db, plan, { amountField: "lockedCurrencyAmount" });
  return serializeQuote({ ...q, status: "PROCESSING", executedAt: now, updatedAt: now }, tx.status);
}

/**
 * A waiting quote's transaction ends without moving money: an SCA challenge
 * expired unanswered (PENDING_AUTHORIZATION → FAILED, SCA_NOT_COMPLETED), or a
 * real-time funded quote expired unfunded (PENDING → EXPIRED). False when the
 * quote moved on meanwhile (authorized or funded at the last moment).
 */
export async function endWaitingTransaction(db: PrismaClient, q: QuoteRow, from: "PENDING" | "PENDING_AUTHORIZATION", to: "FAILED" | "EXPIRED"): Promise<boolean> {
  const row = await db.transaction.findUnique({ where: { id: q.transactionId } });
  if (!row || row.status !== from) return false;
  const plan = transitionPlan(row, to, new Map(), to === "FAILED" ? { failureReason: "SCA_NOT_COMPLETED" } : {});
  plan.quoteUpdate = { id: q.id, from: [from], status: to };
  try {
    await applyPlan(db, plan);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === "CONFLICT") return false;
    throw err;
  }
}

/** POST /sandbox/send: the real-time funding payment for a quote arrives. */
export async function sandboxSend(db: PrismaClient, platformId: string, quoteId: string, currencyCode: string, currencyAmount: number | undefined) {
  const q = await findQuote(db, platformId, quoteId);
  if (q.sourceKind !== "REALTIME") {
    throw invalidInput([{ field: "quoteId", constraint: "INVALID", message: "This quote is not funded in real time; execute it with POST /quotes/{quoteId}/execute" }]);
  }
  assertExecutable(q);
  if (currencyCode !== q.sendingCurrency) throw new ApiError("INVALID_CURRENCY", `The quote is funded in ${q.sendingCurrency}`);
  if (currencyAmount !== undefined && BigInt(currencyAmount) !== q.totalSendingAmount) {
    throw new ApiError("INVALID_AMOUNT", `The quote needs exactly ${q.totalSendingAmount} (smallest ${q.sendingCurrency} unit)`, { expected: Number(q.totalSendingAmount) });
  }
  const res = await resolveStored(db, q);
  await runExecution(db, q, res);
  const tx = await db.transaction.findUniqueOrThrow({ where: { id: q.transactionId } });
  return tx;
}

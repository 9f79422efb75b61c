// POST /quotes: prices a transfer and stores the quote (executing it at once
// when immediatelyExecute is set). A quote's source is an internal account,
// an external account (a pull) or real-time funding; its destination an
// internal account, an external account (a payout) or a UMA address.
import { isUniqueViolation } from "../../db/client";
import type { PrismaClient } from "../../db/generated/client";
import { toApiId, newUuid } from "../../ids";
import { DomainError, invalidInput } from "../../kernel/errors";
import { QUOTE_TTL_MS } from "../../sandbox/rates";
import { sandboxDelayMs } from "../../sandbox/time";
import { UMA_ADDRESS_RE } from "../../sandbox/uma";
import type { InternalAccountRow } from "../accounts/internal-accounts";
import { assertUmaLookup } from "../invitations/receiver";
import { emptyPlan, insertRow, addJob, applyPlan } from "../transactions/engine";
import { addExecution } from "../transactions/execute-transfer";
import { loadForTransfer } from "../transactions/load";
import { quoteNeedsSca, chooseQuoteFactor, openQuoteAuthorization } from "./challenge";
import { QUOTE_EXPIRY_JOB } from "./expire";
import { price, feeRuleFor, checkLimits, usdCents, OWNERSHIP_VERIFICATION_THRESHOLD_CENTS } from "../fx/pricing";
import { internalIdsOf, resolve, realtimeInstructions, specOf, announceQuoteTransaction } from "./resolve";
import { retrieveQuoteRow } from "./retrieve";
import type { QuoteCreate } from "./schemas";
import { type QuoteRow, serializeQuote } from "./serialize";

export interface CreateQuoteOptions {
  idempotencyKey?: string | null;
}

function quoteInsertRow(q: QuoteRow): Record<string, unknown> {
  return {
    id: q.id,
    platform_id: q.platformId,
    customer_id: q.customerId,
    platform_customer_id: q.platformCustomerId,
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

export async function createQuote(
  db: PrismaClient,
  platformId: string,
  body: QuoteCreate,
  opts: CreateQuoteOptions = {},
) {
  if (body.destination.destinationType === "UMA_ADDRESS" && UMA_ADDRESS_RE.test(body.destination.umaAddress)) {
    await assertUmaLookup(db, platformId, body.destination.umaAddress, body.lookupId);
  }
  const {
    settings,
    accounts: named,
    regions,
    platformCustomerIds,
  } = await loadForTransfer(db, platformId, internalIdsOf(body));
  const res = await resolve(db, platformId, body, named, platformCustomerIds);
  const scaRequired = await quoteNeedsSca(db, res.customerId, regions);
  const priced = price(
    body.lockedCurrencySide,
    BigInt(body.lockedCurrencyAmount),
    res.sendingCurrency,
    res.receivingCurrency,
    feeRuleFor(settings, res.sendingCurrency, res.receivingCurrency),
  );
  checkLimits(settings, res.sendingCurrency, res.receivingCurrency, priced);
  const ext = res.destinationExternal;
  if (
    ext &&
    (ext.status === "PENDING_OWNERSHIP_VERIFICATION" || ext.status === "UNVERIFIED") &&
    usdCents(priced.totalReceivingAmount, res.receivingCurrency) >= OWNERSHIP_VERIFICATION_THRESHOLD_CENTS
  ) {
    throw new DomainError(
      "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED",
      "Verify ownership of the destination wallet before sending this amount",
      {
        externalAccountId: toApiId("ExternalAccount", ext.id),
        status: ext.status,
      },
    );
  }
  // A real-time funded quote executes when its payment arrives, which is what immediatelyExecute
  // asks for (the reference's own realTimeFundingToSparkWallet example sends it).
  const immediate = body.immediatelyExecute === true && res.sourceKind !== "REALTIME";
  if (immediate && res.sourceAccount?.type === "EMBEDDED_WALLET") {
    throw invalidInput([
      {
        field: "immediatelyExecute",
        constraint: "INVALID",
        message: "Embedded wallet sources need a signed execute; create the quote, then POST /quotes/{quoteId}/execute",
      },
    ]);
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
    platformCustomerId: res.platformCustomerId,
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
    paymentInstructions: (res.sourceKind === "REALTIME" && !awaitsSca
      ? realtimeInstructions(id, res.sendingCurrency)
      : []) as QuoteRow["paymentInstructions"],
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
    const accounts = new Map(
      [res.sourceAccount, res.destinationAccount].filter((a): a is InternalAccountRow => !!a).map((a) => [a.id, a]),
    );
    txStatus = addExecution(
      plan,
      specOf(
        q,
        res,
        body.description ?? null,
        body.destination.destinationType === "ACCOUNT" ? (body.destination.paymentRail ?? null) : null,
      ),
      accounts,
    ).status;
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
  if (sca)
    return {
      ...serializeQuote(q, null),
      scaChallenge: await db.$transaction((tx) => openQuoteAuthorization(tx, q, sca)),
    };
  return serializeQuote(q, txStatus);
}

/** The quote a previous request with this Idempotency-Key made (the key committed with it). */
async function replayByKey(db: PrismaClient, platformId: string, key: string) {
  const q = await db.quote.findFirst({ where: { platformId, idempotencyKey: key } });
  if (!q)
    throw new DomainError(
      "DUPLICATE_PAY_REQUEST",
      "A request with this Idempotency-Key is still being processed; retry shortly",
    );
  return retrieveQuoteRow(db, q);
}

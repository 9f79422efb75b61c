// Card transactions: authorization (one pull on the funding source, in the
// card_authorize SQL function), clearing (settledAmount = cleared amount; an
// over-authorization is covered by a post-hoc pull, an under-clearing gives
// the rest back) and merchant refunds (their own CREDIT rows linked by
// originalTransactionId). Each moves money through the ledger in the same
// transaction as the row it changes and emits CARD_TRANSACTION.<status>.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { db as defaultDb, queryRows, type Db } from "../../db/client";
import { fenceIdempotency, fencedPoolQuery } from "../../db/idempotency-fence";
import { enqueueJob, type JobRecord } from "../../jobs/queue";
import { sandboxDelayMs, SANDBOX_DELAYS } from "../../sandbox/time";
import { DomainError } from "../../kernel/errors";
import { newUuid, parseApiId } from "../../ids";
import { ledgerError, move, postLedger, withWalletApproval } from "../../ledger/post";
import { emitWebhook, outboxCtes, outboxRows } from "../../webhooks/outbox";
import type { WebhookType } from "../../webhooks/types";
import { authorizationSteer } from "../../sandbox/cards";
import { cardUuidOrNotFound } from "./cards";
import { serializeCardTransaction, type CardTransactionRow } from "./serialize";
import { AUTHORIZABLE_STATUSES, isFinalCardStatus, type CardStatus } from "./status";
import type { SandboxAuthorization, SandboxClearing, SandboxReturn } from "./schemas";
import { fundingApproval, noDelegatedKey } from "./wallet-funding";

/** The counterparty of every card pull and refund: the card network's settlement account. */
export const CARD_NETWORK = "CARD_NETWORK";

type TxStatus = "AUTHORIZED" | "SETTLED" | "REFUNDED" | "EXCEPTION";

function webhookType(status: TxStatus): WebhookType {
  return `CARD_TRANSACTION.${status}`;
}

/** Why a card in `status` declines, as an API error. */
function statusDecline(status: CardStatus): DomainError {
  if (isFinalCardStatus(status))
    return new DomainError("CARD_NOT_MUTABLE", `Declined: the card is ${status}`, { declineReason: "CARD_CLOSED" });
  if (status === "FROZEN")
    return new DomainError("CONFLICT", "Declined: the card is FROZEN", { declineReason: "CARD_PAUSED" });
  return new DomainError("CONFLICT", `Declined: the card is ${status}, not yet active`, {
    declineReason: "CARD_NOT_ACTIVE",
  });
}

function sqlState(err: unknown): { code?: string; text: string } {
  const e = err as {
    code?: string;
    message?: string;
    meta?: { code?: string; message?: string };
    cause?: { code?: string };
  };
  const code = e?.code === "P2010" || e?.code === "P2034" ? e.meta?.code : (e?.cause?.code ?? e?.code);
  return { code, text: `${e?.message ?? ""} ${e?.meta?.message ?? ""}` };
}

function insufficient(): DomainError {
  return new DomainError("INSUFFICIENT_FUNDS", "Declined: the funding source does not cover the amount", {
    declineReason: "INSUFFICIENT_FUNDS",
  });
}

function mapAuthorizeError(err: unknown, cardId: string): unknown {
  const { code, text } = sqlState(err);
  if (code === "MC001" || /card .* not found/.test(text))
    return new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
  const status = /card not authorizable: (\w+)/.exec(text)?.[1];
  if (code === "MC002" || status) return statusDecline((status ?? "PROCESSING") as CardStatus);
  if (code === "MC003" || /card currency is/.test(text)) {
    return new DomainError(
      "INVALID_CURRENCY",
      `The card transacts in ${/card currency is (\w+)/.exec(text)?.[1] ?? "another currency"}`,
    );
  }
  // A wallet debit without the card's delegated key (revoked between the read and the pull).
  if (code === "MW001") return noDelegatedKey();
  const mapped = ledgerError(err);
  if (mapped instanceof DomainError && mapped.code === "INSUFFICIENT_FUNDS") return insufficient();
  return mapped;
}

// The whole approval in one statement: card_authorize (share-locks the card,
// pulls through ledger_post, inserts the row) and the webhook's outbox rows.
// The funding account's row lock is therefore held for one round trip only.
const AUTHORIZE_SQL = `
  WITH a AS (
    SELECT card_authorize($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid, $6::bigint, $7, $8, $9, $10, $11,
                          $12::text[], $13, $14::timestamptz) AS ok),
  ${outboxCtes({
    from: "a",
    when: "a.ok",
    platformId: "$1::uuid",
    eventId: "$15",
    type: "$16",
    payload: "$17::jsonb",
    sandboxRules: "$20",
    jobId: "$18",
    jobPayload: "$19",
  })}
  SELECT 1 FROM a`;

/** The card's maxSpendPerTransaction: an authorization for exactly the limit is allowed. */
function assertWithinSpendLimit(limit: string | bigint | null, amount: number) {
  if (limit !== null && BigInt(amount) > BigInt(limit))
    throw new DomainError(
      "TRANSACTION_SIZE_LIMIT_EXCEEDED",
      `Declined: ${amount} is above the card's maxSpendPerTransaction of ${limit}`,
      { declineReason: "SPENDING_LIMIT_EXCEEDED" },
    );
}

/**
 * What the issuer answered to a simulated authorization. As in the reference, a
 * declined authorization (descriptor suffix 002 or 003, a card that is not
 * ACTIVE, an amount the funding source does not cover or above the card's
 * maxSpendPerTransaction) is an accepted simulation, not an HTTP error: nothing is
 * recorded, no money moves, and the answer is the event's issuer transaction token.
 * An approval returns the CardTransaction, as the spec requires.
 */
export type AuthorizationOutcome =
  | { approved: true; transaction: Awaited<ReturnType<typeof authorizeCard>> }
  | { approved: false; issuerTransactionToken: string; declineReason: string };

/** The decline reason an authorization error carries, if it is a decline (not bad input or an unknown card). */
function declineReasonOf(err: unknown): string | undefined {
  if (!(err instanceof DomainError)) return undefined;
  const reason = err.details?.declineReason;
  return typeof reason === "string" ? reason : undefined;
}

export async function simulateAuthorization(
  platformId: string,
  cardId: string,
  input: SandboxAuthorization,
): Promise<AuthorizationOutcome> {
  try {
    return { approved: true, transaction: await authorizeCard(platformId, cardId, input) };
  } catch (err) {
    const declineReason = declineReasonOf(err);
    if (declineReason === undefined) throw err;
    return { approved: false, issuerTransactionToken: `itx_${randomBytes(12).toString("hex")}`, declineReason };
  }
}

async function authorizeCard(platformId: string, cardId: string, input: SandboxAuthorization) {
  const cardUuid = cardUuidOrNotFound(cardId);
  const steer = authorizationSteer(input.merchant.descriptor);
  const { descriptor, mcc, country } = input.merchant;
  // One retry covers a funding source rebound between the read and the authorization.
  for (let attempt = 0; ; attempt++) {
    const rows = await queryRows<{
      status: CardStatus;
      customer_id: string;
      platform_customer_id: string;
      funding_source_id: string;
      currency: string;
      max_spend_per_transaction: string | null;
      funding_type: string;
    }>(
      `SELECT c.status, c.customer_id, u.platform_customer_id, c.funding_source_id, c.currency,
              c.max_spend_per_transaction,
              a.type AS funding_type
       FROM cards c JOIN customers u ON u.id = c.customer_id JOIN internal_accounts a ON a.id = c.funding_source_id
       WHERE c.id = $1 AND c.platform_id = $2`,
      [cardUuid, platformId],
    );
    const card = rows[0];
    if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    if (steer.kind === "DECLINE") {
      if (steer.declineReason === "INSUFFICIENT_FUNDS") throw insufficient();
      throw new DomainError("CONFLICT", "Declined: card paused (sandbox descriptor suffix)", {
        declineReason: "CARD_PAUSED",
      });
    }
    if (!AUTHORIZABLE_STATUSES.includes(card.status)) throw statusDecline(card.status);
    if (card.currency !== input.currency.code)
      throw new DomainError("INVALID_CURRENCY", `The card transacts in ${card.currency}`);
    assertWithinSpendLimit(card.max_spend_per_transaction, input.amount);
    const status: TxStatus = steer.kind === "APPROVE_EXCEPTION" ? "EXCEPTION" : "AUTHORIZED";
    // A delayed pull, and any pull on an embedded wallet (it needs the card's delegated key), take the
    // transaction path; the single-statement fast path is for the common fiat pull.
    if (steer.kind === "APPROVE_DELAYED_PULL" || card.funding_type === "EMBEDDED_WALLET") {
      return authorizeInTransaction(
        platformId,
        cardUuid,
        cardId,
        input,
        steer.kind === "APPROVE_DELAYED_PULL" ? "DELAYED_PULL" : status,
      );
    }

    const at = new Date();
    const row: CardTransactionRow = {
      id: newUuid(),
      cardId: cardUuid,
      customerId: card.customer_id,
      platformCustomerId: card.platform_customer_id,
      accountId: card.funding_source_id,
      direction: "DEBIT",
      status,
      currency: card.currency,
      merchantDescriptor: descriptor,
      merchantMcc: mcc ?? null,
      merchantCountry: country ?? null,
      authorizedAmount: BigInt(input.amount),
      settledAmount: 0n,
      refundedAmount: 0n,
      pullCount: 1,
      pullTotal: BigInt(input.amount),
      pullPendingCount: 0,
      settlementCount: 0,
      refundCount: 0,
      originalTransactionId: null,
      issuerTransactionToken: `itx_${randomBytes(12).toString("hex")}`,
      authorizedAt: at,
      lastEventAt: at,
      createdAt: at,
      updatedAt: at,
    };
    const body = serializeCardTransaction(row);
    const outbox = outboxRows(webhookType(status), body, at);
    try {
      await fencedPoolQuery({ kind: "cardTransaction", id: row.id }, AUTHORIZE_SQL, [
        platformId,
        cardUuid,
        row.accountId,
        row.id,
        newUuid(),
        input.amount,
        row.currency,
        descriptor,
        mcc ?? null,
        country ?? null,
        row.issuerTransactionToken,
        [...AUTHORIZABLE_STATUSES],
        status,
        at,
        outbox.event.id,
        outbox.event.type,
        outbox.event.payload,
        outbox.job.id,
        outbox.job.payload,
        outbox.event.sandboxRules,
      ]);
      return body;
    } catch (err) {
      if (sqlState(err).code === "MC004" && attempt === 0) continue;
      throw mapAuthorizeError(err, cardId);
    }
  }
}

/** Job type that confirms a delayed pull (descriptor suffix 005). */
export const CONFIRM_PULL_JOB = "card.pull.confirm";

/**
 * An authorization in one database transaction. Descriptor suffix 005 (mode
 * DELAYED_PULL): approved at once, but the pull on the funding source stays
 * PENDING. The amount moves to the funding account's pending bucket (so it
 * cannot be spent twice and totalBalance still counts it), and a durable job
 * confirms the pull about 30 s later (the job row needs this transaction).
 * Otherwise the pull is made at once, as on the fast path. A wallet-funded card
 * debits its wallet under its ACTIVE delegated key, else it declines.
 */
async function authorizeInTransaction(
  platformId: string,
  cardUuid: string,
  cardId: string,
  input: SandboxAuthorization,
  mode: "DELAYED_PULL" | TxStatus,
) {
  return defaultDb().$transaction(async (tx) => {
    const [card] = await tx.$queryRaw<
      {
        status: CardStatus;
        customer_id: string;
        funding_source_id: string;
        currency: string;
        max_spend_per_transaction: bigint | null;
      }[]
    >`
      SELECT status, customer_id, funding_source_id, currency, max_spend_per_transaction FROM cards WHERE id
      = ${cardUuid}::uuid AND platform_id = ${platformId}::uuid FOR SHARE`;
    if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    if (!AUTHORIZABLE_STATUSES.includes(card.status)) throw statusDecline(card.status);
    assertWithinSpendLimit(card.max_spend_per_transaction, input.amount);
    if (card.currency !== input.currency.code)
      throw new DomainError("INVALID_CURRENCY", `The card transacts in ${card.currency}`);
    const funding = await fundingApproval(tx, platformId, cardUuid, card.funding_source_id);
    if (!funding.allowed) throw noDelegatedKey();
    const id = newUuid();
    const amount = BigInt(input.amount);
    const delayed = mode === "DELAYED_PULL";
    await fenceIdempotency(tx, { kind: "cardTransaction", id });
    try {
      await postLedger(tx, {
        platformId,
        kind: delayed ? "CARD_PULL_HOLD" : "CARD_PULL",
        reference: `CardTransaction:${id}`,
        entries: withWalletApproval(
          delayed
            ? move(
                { account: card.funding_source_id, bucket: "available" },
                { account: card.funding_source_id, bucket: "pending" },
                card.currency,
                amount,
              )
            : move({ account: card.funding_source_id }, { system: CARD_NETWORK }, card.currency, amount),
          funding.approval,
        ),
      });
    } catch (err) {
      if (err instanceof DomainError && err.code === "INSUFFICIENT_FUNDS") throw insufficient();
      throw err;
    }
    const at = new Date();
    const row = await tx.cardTransaction.create({
      data: {
        id,
        platformId,
        cardId: cardUuid,
        customerId: card.customer_id,
        accountId: card.funding_source_id,
        direction: "DEBIT",
        status: delayed ? "AUTHORIZED" : mode,
        currency: card.currency,
        merchantDescriptor: input.merchant.descriptor,
        merchantMcc: input.merchant.mcc ?? null,
        merchantCountry: input.merchant.country ?? null,
        authorizedAmount: amount,
        ...(delayed ? { pullPendingCount: 1 } : { pullCount: 1, pullTotal: amount }),
        issuerTransactionToken: `itx_${randomBytes(12).toString("hex")}`,
        authorizedAt: at,
        lastEventAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    if (delayed) {
      await enqueueJob(tx, {
        type: CONFIRM_PULL_JOB,
        platformId,
        payload: { cardTransactionId: id },
        delayMs: sandboxDelayMs(SANDBOX_DELAYS.delayedCardPullMs),
      });
    }
    const body = serializeCardTransaction(row);
    await emitWebhook(tx, platformId, webhookType(row.status as TxStatus), body);
    return body;
  });
}

/**
 * Confirms a pending pull (PENDING -> CONFIRMED): the held amount leaves the
 * funding account's pending bucket for the card network. Called with the row
 * locked; a row without a pending pull is returned unchanged.
 */
async function confirmPendingPull(tx: Db, platformId: string, t: CardTransactionRow): Promise<CardTransactionRow> {
  if (t.pullPendingCount === 0) return t;
  await postLedger(tx, {
    platformId,
    kind: "CARD_PULL",
    reference: `CardTransaction:${t.id}`,
    entries: move(
      { account: t.accountId, bucket: "pending" },
      { system: CARD_NETWORK },
      t.currency,
      t.authorizedAmount,
    ),
  });
  return tx.cardTransaction.update({
    where: { id: t.id },
    data: {
      pullPendingCount: 0,
      pullCount: t.pullCount + 1,
      pullTotal: t.pullTotal + t.authorizedAmount,
      lastEventAt: new Date(),
    },
  });
}

/** Job: the delayed pull of a 005 authorization is confirmed; the transaction webhook carries the updated row. */
export async function confirmPullJob(job: JobRecord): Promise<void> {
  const id = String(job.payload.cardTransactionId);
  await defaultDb().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM card_transactions WHERE id = ${id}::uuid FOR UPDATE`;
    if (!locked[0]) return;
    const t = await tx.cardTransaction.findUniqueOrThrow({ where: { id } });
    if (t.pullPendingCount === 0) return; // a clearing confirmed it already
    const updated = await confirmPendingPull(tx, t.platformId, t);
    await emitWebhook(tx, t.platformId, webhookType(updated.status as TxStatus), serializeCardTransaction(updated));
  });
}

/** Locks one of this card's transactions for the rest of the transaction. */
async function lockTransaction(
  tx: Db,
  platformId: string,
  cardUuid: string,
  cardTransactionId: string,
): Promise<CardTransactionRow> {
  const uuid = parseApiId("CardTransaction", cardTransactionId);
  const locked = uuid
    ? await tx.$queryRaw<
        { id: string }[]
      >`SELECT id FROM card_transactions WHERE id = ${uuid}::uuid AND platform_id = ${platformId}::uuid AND
      card_id = ${cardUuid}::uuid FOR UPDATE`
    : [];
  if (!locked[0])
    throw new DomainError("TRANSACTION_NOT_FOUND", `Card transaction ${cardTransactionId} not found on this card`);
  return tx.cardTransaction.findUniqueOrThrow({ where: { id: locked[0].id } });
}

export async function clearCardTransaction(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxClearing,
) {
  const cardUuid = cardUuidOrNotFound(cardId);
  return db.$transaction(async (tx) => {
    const card = await tx.card.findFirst({ where: { id: cardUuid, platformId }, select: { id: true } });
    if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    const locked = await lockTransaction(tx, platformId, cardUuid, input.cardTransactionId);
    if (locked.direction === "CREDIT" && locked.status === "AUTHORIZED" && !locked.originalTransactionId) {
      return clearCreditAuthorization(tx, platformId, locked, BigInt(input.amount));
    }
    if (locked.direction !== "DEBIT" || locked.status !== "AUTHORIZED") {
      throw new DomainError(
        "CONFLICT",
        `Only an AUTHORIZED card transaction can be cleared; this one is ${locked.status}`,
        { status: locked.status },
      );
    }
    await fenceIdempotency(tx, { kind: "cardTransaction", id: locked.id });
    // The network settled, so a pull still pending (suffix 005) is confirmed first; its job then finds nothing to do.
    const t = await confirmPendingPull(tx, platformId, locked);
    const cleared = BigInt(input.amount);
    const diff = cleared - t.pullTotal;
    const reference = `CardTransaction:${t.id}`;
    let status: TxStatus = "SETTLED";
    let pullCount = t.pullCount;
    let pullTotal = t.pullTotal;
    if (diff > 0n) {
      // The network has already settled: a post-hoc pull that the balance cannot cover leaves the transaction in
      // EXCEPTION.
      const [acct] = await tx.$queryRaw<
        { available: bigint }[]
      >`SELECT available FROM internal_accounts WHERE id = ${t.accountId}::uuid FOR UPDATE`;
      // A wallet-funded card pulls under its delegated key; without an ACTIVE one it cannot pull.
      const funding = await fundingApproval(tx, platformId, cardUuid, t.accountId);
      if (acct && acct.available >= diff && funding.allowed) {
        await postLedger(tx, {
          platformId,
          kind: "CARD_POST_HOC_PULL",
          reference,
          entries: withWalletApproval(
            move({ account: t.accountId }, { system: CARD_NETWORK }, t.currency, diff),
            funding.approval,
          ),
        });
        pullCount += 1;
        pullTotal += diff;
      } else {
        status = "EXCEPTION";
      }
    } else if (diff < 0n) {
      await postLedger(tx, {
        platformId,
        kind: "CARD_AUTH_RELEASE",
        reference,
        entries: move({ system: CARD_NETWORK }, { account: t.accountId }, t.currency, -diff),
      });
    }
    const now = new Date();
    const updated = await tx.cardTransaction.update({
      where: { id: t.id },
      data: {
        status,
        settledAmount: cleared,
        settlementCount: cleared > 0n ? t.settlementCount + 1 : t.settlementCount,
        pullCount,
        pullTotal,
        lastEventAt: now,
      },
    });
    const body = serializeCardTransaction(updated);
    await emitWebhook(tx, platformId, webhookType(status), body);
    return body;
  });
}

/** Clearing a credit authorization (simulate/credit_authorization): the cleared amount reaches the funding account. */
async function clearCreditAuthorization(tx: Db, platformId: string, t: CardTransactionRow, cleared: bigint) {
  if (cleared > 0n) {
    await postLedger(tx, {
      platformId,
      kind: "CARD_CREDIT",
      reference: `CardTransaction:${t.id}`,
      entries: move({ system: CARD_NETWORK }, { account: t.accountId }, t.currency, cleared),
    });
  }
  const updated = await tx.cardTransaction.update({
    where: { id: t.id },
    data: {
      status: "SETTLED",
      settledAmount: cleared,
      settlementCount: cleared > 0n ? t.settlementCount + 1 : t.settlementCount,
      lastEventAt: new Date(),
    },
  });
  const body = serializeCardTransaction(updated);
  await emitWebhook(tx, platformId, webhookType("SETTLED"), body);
  return body;
}

export async function refundCardTransaction(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxReturn,
) {
  const cardUuid = cardUuidOrNotFound(cardId);
  return db.$transaction(async (tx) => {
    const card = await tx.card.findFirst({ where: { id: cardUuid, platformId }, select: { id: true } });
    if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    const t = await lockTransaction(tx, platformId, cardUuid, input.cardTransactionId);
    if (t.direction !== "DEBIT" || t.status !== "SETTLED") {
      throw new DomainError("CONFLICT", `Only a SETTLED card transaction can be refunded; this one is ${t.status}`, {
        status: t.status,
      });
    }
    const amount = BigInt(input.amount);
    const refundable = t.settledAmount - t.refundedAmount;
    if (amount > refundable) {
      throw new DomainError("INVALID_AMOUNT", `The refund exceeds the refundable amount ${refundable}`, {
        refundableAmount: Number(refundable),
      });
    }
    const id = newUuid();
    const now = new Date();
    await fenceIdempotency(tx, { kind: "cardTransaction", id });
    await postLedger(tx, {
      platformId,
      kind: "CARD_REFUND",
      reference: `CardTransaction:${id}`,
      entries: move({ system: CARD_NETWORK }, { account: t.accountId }, t.currency, amount),
    });
    const credit = await tx.cardTransaction.create({
      data: {
        id,
        platformId,
        cardId: cardUuid,
        customerId: t.customerId,
        accountId: t.accountId,
        direction: "CREDIT",
        status: "SETTLED",
        currency: t.currency,
        merchantDescriptor: t.merchantDescriptor,
        merchantMcc: t.merchantMcc,
        merchantCountry: t.merchantCountry,
        authorizedAmount: 0n,
        settledAmount: amount,
        settlementCount: 1,
        originalTransactionId: t.id,
        issuerTransactionToken: `itx_${randomBytes(12).toString("hex")}`,
        lastEventAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    const refunded = t.refundedAmount + amount;
    await tx.cardTransaction.update({
      where: { id: t.id },
      data: {
        refundedAmount: refunded,
        refundCount: t.refundCount + 1,
        status: refunded === t.settledAmount ? "REFUNDED" : "SETTLED",
        lastEventAt: now,
      },
    });
    const body = serializeCardTransaction(credit);
    await emitWebhook(tx, platformId, "CARD_TRANSACTION.REFUNDED", body);
    return body;
  });
}

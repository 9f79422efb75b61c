// Issuing, reading, listing and changing cards. Card creation takes a lock on
// the platform row, so concurrent creates count live cards one after another
// and the card limits hold; activation is a durable job that moves
// PROCESSING -> ACTIVE and emits CARD.STATUS_CHANGE in the same transaction.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { db as defaultDb, type Db } from "../../db/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import { DomainError, invalidField } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage } from "../../kernel/pagination";
import { newUuid, parseApiId } from "../../ids";
import { emitWebhook } from "../../webhooks/outbox";
import { enqueueJob, type JobRecord } from "../../jobs/queue";
import { sandboxDelayMs, SANDBOX_DELAYS } from "../../sandbox/time";
import { issuanceSteer } from "../../sandbox/cards";
import { CardLimits } from "../platform/schemas";
import { generateCvv, generatePan, sealCardSecrets } from "./pan";
import { CARD_SELECT, serializeCard } from "./serialize";
import {
  ACTIVATION,
  ISSUER_REJECTION,
  SLOT_FREE_STATUSES,
  decideMutation,
  type CardStatus,
  type ClosedReason,
} from "./status";
import type { CardCreate, CardListQuery, CardUpdate } from "./schemas";

/** Years a newly issued card is valid for. */
const CARD_VALIDITY_YEARS = 3;

export function cardUuidOrNotFound(cardId: string): string {
  const uuid = parseApiId("Card", cardId);
  if (!uuid) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
  return uuid;
}

const spendLimit = (limit: number | null | undefined) =>
  limit === undefined ? undefined : limit === null ? null : BigInt(limit);

/**
 * The funding source must be an active internal account of the cardholder: fiat (INTERNAL_FIAT), or
 * the embedded wallet (the reference's Embedded Wallet funding; the card then transacts in the wallet's
 * currency, and spends only under an ACTIVE delegated key the holder creates: ./wallet-funding.ts).
 */
async function fundingAccount(tx: Db, platformId: string, customerUuid: string, fundingSource: string) {
  const uuid = parseApiId("InternalAccount", fundingSource);
  const account = uuid
    ? await tx.internalAccount.findFirst({ where: { id: uuid, platformId, customerId: customerUuid } })
    : null;
  if (!account) throw invalidField("fundingSource", "fundingSource must be an internal account of the cardholder");
  if (!["INTERNAL_FIAT", "EMBEDDED_WALLET"].includes(account.type) || account.status !== "ACTIVE") {
    throw invalidField(
      "fundingSource",
      "fundingSource must be an active fiat internal account (INTERNAL_FIAT) or the embedded wallet of the cardholder",
    );
  }
  return account;
}

export async function createCard(db: PrismaClient, platformId: string, input: CardCreate) {
  const customerUuid = parseApiId("Customer", input.customerId);
  const cardId = newUuid();
  const row = await db.$transaction(async (tx) => {
    const customer = customerUuid
      ? await tx.customer.findFirst({ where: { id: customerUuid, platformId, deletedAt: null } })
      : null;
    if (!customer) throw new DomainError("USER_NOT_FOUND", `Customer ${input.customerId} not found`);
    if (customer.kycStatus !== "APPROVED") {
      throw new DomainError(
        "CARDHOLDER_KYC_NOT_APPROVED",
        "The cardholder's kycStatus must be APPROVED before a card is issued",
        {
          kycStatus: customer.kycStatus,
        },
      );
    }
    const account = await fundingAccount(tx, platformId, customer.id, input.fundingSource);

    // Serializes card creation per platform: the count below sees every committed live card.
    const locked = await tx.$queryRaw<
      { card_limits: unknown }[]
    >`SELECT card_limits FROM platforms WHERE id = ${platformId}::uuid FOR UPDATE`;
    const limits = CardLimits.parse(locked[0]?.card_limits ?? {});
    const [counts] = await tx.$queryRaw<{ live: bigint; mine: bigint }[]>`
      SELECT count(*) AS live, count(*) FILTER (WHERE customer_id = ${customer.id}::uuid) AS mine
        FROM cards WHERE platform_id = ${platformId}::uuid AND NOT (status = ANY (${[...SLOT_FREE_STATUSES]}::text[]))`;
    if (limits.maxLiveCards !== null && Number(counts.live) >= limits.maxLiveCards) {
      throw new DomainError(
        "CARD_LIMIT_REACHED",
        `The platform holds its maximum of ${limits.maxLiveCards} live cards; close a card to free a slot`,
        {
          maxLiveCards: limits.maxLiveCards,
        },
      );
    }
    if (limits.oneCardPerCardholder && Number(counts.mine) > 0) {
      throw new DomainError(
        "CARD_LIMIT_REACHED",
        "The cardholder already holds a live card and the platform allows one card per cardholder",
        {
          oneCardPerCardholder: true,
        },
      );
    }

    const pan = generatePan(input.brand);
    const now = new Date();
    const created = await tx.card.create({
      data: {
        id: cardId,
        platformId,
        customerId: customer.id,
        fundingSourceId: account.id,
        platformCardId: `card_${randomBytes(10).toString("hex")}`,
        maxSpendPerTransaction: spendLimit(input.maxSpendPerTransaction) ?? null,
        status: "PROCESSING" satisfies CardStatus,
        brand: input.brand,
        form: input.form,
        last4: pan.slice(-4),
        expMonth: now.getUTCMonth() + 1,
        expYear: now.getUTCFullYear() + CARD_VALIDITY_YEARS,
        currency: account.currency,
        processorRef: `prc_${randomBytes(8).toString("hex")}`,
        issuerRef: `iss_${randomBytes(8).toString("hex")}`,
        secretsSealed: sealCardSecrets(cardId, { pan, cvv: generateCvv() }),
      },
      select: CARD_SELECT,
    });
    // With an Idempotency-Key: the card commits only while the key is this request's, and a retry answers with it.
    await fenceIdempotency(tx, { kind: "card", id: cardId });
    const steer = issuanceSteer(customer.platformCustomerId);
    if (steer.kind !== "STAY_PROCESSING") {
      await enqueueJob(tx, {
        type: "card.activate",
        platformId,
        payload: { cardId, ...(steer.kind === "REJECT" ? { outcome: "REJECT" } : {}) },
        delayMs: sandboxDelayMs(
          steer.kind === "ACTIVATE" && steer.delay === "SLOW"
            ? SANDBOX_DELAYS.slowCardActivationMs
            : SANDBOX_DELAYS.cardActivationMs,
        ),
      });
    }
    return created;
  });
  return serializeCard(row);
}

/**
 * Job: the issuer finished provisioning: activated, or (payload outcome REJECT,
 * issuance suffix 002) rejected, which closes the card and frees its slot.
 * Idempotent: a card no longer PROCESSING is left alone.
 */
export async function activateCardJob(job: JobRecord): Promise<void> {
  const cardId = String(job.payload.cardId);
  const move =
    job.payload.outcome === "REJECT"
      ? {
          from: ISSUER_REJECTION.from,
          data: { status: ISSUER_REJECTION.to, statusReason: ISSUER_REJECTION.reason, closedAt: new Date() },
        }
      : { from: ACTIVATION.from, data: { status: ACTIVATION.to } };
  await defaultDb().$transaction(async (tx) => {
    const moved = await tx.card.updateMany({ where: { id: cardId, status: move.from }, data: move.data });
    if (moved.count === 0) return;
    const card = await tx.card.findUniqueOrThrow({
      where: { id: cardId },
      select: { ...CARD_SELECT, platformId: true },
    });
    await emitWebhook(tx, card.platformId, "CARD.STATUS_CHANGE", serializeCard(card));
  });
}

export async function getCard(db: PrismaClient, platformId: string, cardId: string) {
  const card = await db.card.findFirst({ where: { id: cardUuidOrNotFound(cardId), platformId }, select: CARD_SELECT });
  if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
  return serializeCard(card);
}

export async function listCards(db: PrismaClient, platformId: string, query: CardListQuery) {
  const where = {
    platformId,
    ...(query.customerId
      ? { customerId: parseApiId("Customer", query.customerId) ?? "00000000-0000-0000-0000-000000000000" }
      : {}),
    ...(query.accountId
      ? { fundingSourceId: parseApiId("InternalAccount", query.accountId) ?? "00000000-0000-0000-0000-000000000000" }
      : {}),
    ...(query.platformCardId ? { platformCardId: query.platformCardId } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const args = pageArgs(query, query.sortOrder);
  const [rows, total] = await Promise.all([
    db.card.findMany({
      where: { ...where, ...args.cursorWhere },
      orderBy: args.orderBy,
      take: args.take,
      select: CARD_SELECT,
    }),
    db.card.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, query, total, serializeCard);
}

export async function updateCard(db: PrismaClient, platformId: string, cardId: string, input: CardUpdate) {
  const uuid = cardUuidOrNotFound(cardId);
  return db.$transaction(async (tx) => {
    // Row lock: concurrent PATCHes decide one after another from the status the other left.
    const locked = await tx.$queryRaw<
      { status: CardStatus; customer_id: string; currency: string; funding_source_id: string }[]
    >`
      SELECT status, customer_id, currency, funding_source_id FROM cards WHERE id = ${uuid}::uuid AND
      platform_id = ${platformId}::uuid FOR UPDATE`;
    const current = locked[0];
    if (!current) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    const decision = decideMutation(current.status, input.status);
    if (!decision.ok) throw new DomainError(decision.code, decision.reason, { status: current.status });

    let fundingSourceId: string | undefined;
    if (input.fundingSource !== undefined) {
      const account = await fundingAccount(tx, platformId, current.customer_id, input.fundingSource);
      if (account.currency !== current.currency)
        throw invalidField("fundingSource", `fundingSource must hold the card's currency ${current.currency}`);
      if (account.id !== current.funding_source_id) fundingSourceId = account.id;
    }
    const statusChanged = decision.to !== undefined && decision.to !== current.status;
    const card = await tx.card.update({
      where: { id: uuid },
      data: {
        ...(statusChanged ? { status: decision.to } : {}),
        ...(decision.to === "CLOSED"
          ? { closedAt: new Date(), statusReason: "CLOSED_BY_PLATFORM" satisfies ClosedReason }
          : {}),
        ...(fundingSourceId ? { fundingSourceId } : {}),
        ...(input.maxSpendPerTransaction !== undefined
          ? { maxSpendPerTransaction: spendLimit(input.maxSpendPerTransaction) }
          : {}),
      },
      select: CARD_SELECT,
    });
    const body = serializeCard(card);
    if (statusChanged) await emitWebhook(tx, platformId, "CARD.STATUS_CHANGE", body);
    if (fundingSourceId) await emitWebhook(tx, platformId, "CARD.FUNDING_SOURCE_CHANGE", body);
    return body;
  });
}

// The reference's other card-network events, simulated in the sandbox
// (POST /sandbox/cards/{cardId}/simulate/<event>): balance inquiry, credit
// authorization (and its advice), single-message financial authorizations,
// authorization advice and return reversal. Each is accepted with 202 and the
// issuer transaction token of the event, as the reference answers; the card
// transaction it creates or changes moves money through the ledger in the same
// database transaction and emits its CARD_TRANSACTION.<status> webhook. A
// declined event (descriptor suffix 002 or 003, a card that is not ACTIVE, an
// uncovered debit) is still an accepted simulation: nothing is recorded and no
// money moves.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import type { Db } from "../../db/client";
import { fenceIdempotency } from "../../db/idempotency-fence";
import { DomainError } from "../../kernel/errors";
import { newUuid, parseApiId } from "../../ids";
import { move, postLedger, withWalletApproval } from "../../ledger/post";
import { emitWebhook } from "../../webhooks/outbox";
import type { WebhookType } from "../../webhooks/types";
import { authorizationSteer } from "../../sandbox/cards";
import { cardUuidOrNotFound } from "./cards";
import { serializeCardTransaction, type CardTransactionRow } from "./serialize";
import { AUTHORIZABLE_STATUSES, type CardStatus } from "./status";
import { CARD_NETWORK } from "./transactions";
import { fundingApproval } from "./wallet-funding";
import type { SandboxAuthorization, SandboxAuthorizationAdvice, SandboxBalanceInquiry } from "./schemas";

export interface SimulationAccepted {
  issuerTransactionToken: string;
}

type Card = { id: string; status: CardStatus; customer_id: string; funding_source_id: string; currency: string };

function issuerToken(): string {
  return `itx_${randomBytes(12).toString("hex")}`;
}

/**
 * The simulation's one transaction, with this platform's card locked (FOR SHARE) for all of it. Its answer (the
 * event's token) commits with its effect as the Idempotency-Key's recovery point, so a retry with the same key
 * replays the token instead of simulating the event twice.
 */
function withLockedCard(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  work: (tx: Db, card: Card) => Promise<SimulationAccepted>,
): Promise<SimulationAccepted> {
  return db.$transaction(async (tx) => {
    const uuid = cardUuidOrNotFound(cardId);
    const [card] = await tx.$queryRaw<Card[]>`
      SELECT id, status, customer_id, funding_source_id, currency FROM cards
       WHERE id = ${uuid}::uuid AND platform_id = ${platformId}::uuid FOR SHARE`;
    if (!card) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    const answer = await work(tx, card);
    await fenceIdempotency(tx, { kind: "simulationAccepted", id: card.id, answer });
    return answer;
  });
}

/**
 * A new network event on the card: with the card locked, an event in another currency than the card's is refused;
 * an event the issuer declines (the descriptor's decline suffixes, a card that is not ACTIVE) is accepted with a
 * token of its own and records nothing; an approved one is `work`'s.
 */
function withApprovedEvent(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  event: { descriptor: string; currency?: string },
  work: (tx: Db, card: Card) => Promise<SimulationAccepted>,
): Promise<SimulationAccepted> {
  return withLockedCard(db, platformId, cardId, async (tx, card) => {
    if (event.currency !== undefined && card.currency !== event.currency)
      throw new DomainError("INVALID_CURRENCY", `The card transacts in ${card.currency}`);
    if (authorizationSteer(event.descriptor).kind === "DECLINE" || !AUTHORIZABLE_STATUSES.includes(card.status))
      return declined();
    return work(tx, card);
  });
}

/** What the issuer's decision reads of an authorization-family event. */
function eventOf(input: SandboxAuthorization): { descriptor: string; currency: string } {
  return { descriptor: input.merchant.descriptor, currency: input.currency.code };
}

/** A declined event: accepted, with a token that names nothing recorded. */
function declined(): SimulationAccepted {
  return { issuerTransactionToken: issuerToken() };
}

/** The available balance of the card's funding account, row-locked for the rest of the transaction. */
async function availableFor(tx: Db, accountId: string): Promise<bigint> {
  const [acct] = await tx.$queryRaw<
    { available: bigint }[]
  >`SELECT available FROM internal_accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
  return acct?.available ?? 0n;
}

interface NewRow {
  direction: "DEBIT" | "CREDIT";
  status: "AUTHORIZED" | "SETTLED" | "EXCEPTION";
  merchant: SandboxAuthorization["merchant"];
  authorizedAmount: bigint;
  settledAmount?: bigint;
  pulled?: bigint;
}

async function record(tx: Db, platformId: string, card: Card, input: NewRow, id = newUuid()) {
  const now = new Date();
  const settled = input.settledAmount ?? 0n;
  const row = await tx.cardTransaction.create({
    data: {
      id,
      platformId,
      cardId: card.id,
      customerId: card.customer_id,
      accountId: card.funding_source_id,
      direction: input.direction,
      status: input.status,
      currency: card.currency,
      merchantDescriptor: input.merchant.descriptor,
      merchantMcc: input.merchant.mcc ?? null,
      merchantCountry: input.merchant.country ?? null,
      authorizedAmount: input.authorizedAmount,
      settledAmount: settled,
      settlementCount: settled > 0n ? 1 : 0,
      pullCount: input.pulled ? 1 : 0,
      pullTotal: input.pulled ?? 0n,
      issuerTransactionToken: issuerToken(),
      authorizedAt: now,
      lastEventAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  await emitWebhook(tx, platformId, `CARD_TRANSACTION.${row.status}` as WebhookType, serializeCardTransaction(row));
  return { issuerTransactionToken: row.issuerTransactionToken };
}

/**
 * simulate/balance_inquiry: a 0-amount authorization; approved, it is an AUTHORIZED row of amount 0 (no money
 * moves).
 */
export async function simulateBalanceInquiry(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxBalanceInquiry,
): Promise<SimulationAccepted> {
  return withApprovedEvent(db, platformId, cardId, { descriptor: input.merchant.descriptor }, (tx, card) =>
    record(tx, platformId, card, {
      direction: "DEBIT",
      status: "AUTHORIZED",
      merchant: input.merchant,
      authorizedAmount: 0n,
    }),
  );
}

/**
 * simulate/credit_authorization and simulate/credit_authorization_advice: a
 * credit to the card announced by the merchant or the network. It is an
 * AUTHORIZED CREDIT row; the money reaches the funding account when it is
 * cleared (simulate/clearing), as a debit authorization's does.
 */
export async function simulateCreditAuthorization(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxAuthorization,
): Promise<SimulationAccepted> {
  return withApprovedEvent(db, platformId, cardId, eventOf(input), (tx, card) =>
    record(tx, platformId, card, {
      direction: "CREDIT",
      status: "AUTHORIZED",
      merchant: input.merchant,
      authorizedAmount: BigInt(input.amount),
    }),
  );
}

/**
 * simulate/financial_authorization: a single-message debit (ATM withdrawal)
 * that authorizes and clears at once: the amount leaves the funding account
 * for the card network and the row is SETTLED. Descriptor suffix 006 lands it
 * in EXCEPTION (the pull's confirmation fails), as for an authorization.
 */
export async function simulateFinancialAuthorization(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxAuthorization,
): Promise<SimulationAccepted> {
  return withApprovedEvent(db, platformId, cardId, eventOf(input), async (tx, card) => {
    const amount = BigInt(input.amount);
    if ((await availableFor(tx, card.funding_source_id)) < amount) return declined();
    // A wallet-funded card without an ACTIVE delegated key cannot pull: declined, as for funds.
    const funding = await fundingApproval(tx, platformId, card.id, card.funding_source_id);
    if (!funding.allowed) return declined();
    const id = newUuid();
    await postLedger(tx, {
      platformId,
      kind: "CARD_FINANCIAL_PULL",
      reference: `CardTransaction:${id}`,
      entries: withWalletApproval(
        move({ account: card.funding_source_id }, { system: CARD_NETWORK }, card.currency, amount),
        funding.approval,
      ),
    });
    const exception = authorizationSteer(input.merchant.descriptor).kind === "APPROVE_EXCEPTION";
    return record(
      tx,
      platformId,
      card,
      {
        direction: "DEBIT",
        status: exception ? "EXCEPTION" : "SETTLED",
        merchant: input.merchant,
        authorizedAmount: amount,
        settledAmount: amount,
        pulled: amount,
      },
      id,
    );
  });
}

/**
 * simulate/financial_credit_authorization: a single-message credit (push credit): the funding account is
 * credited at once, SETTLED.
 */
export async function simulateFinancialCreditAuthorization(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxAuthorization,
): Promise<SimulationAccepted> {
  return withApprovedEvent(db, platformId, cardId, eventOf(input), async (tx, card) => {
    const amount = BigInt(input.amount);
    const id = newUuid();
    await postLedger(tx, {
      platformId,
      kind: "CARD_FINANCIAL_CREDIT",
      reference: `CardTransaction:${id}`,
      entries: move({ system: CARD_NETWORK }, { account: card.funding_source_id }, card.currency, amount),
    });
    return record(
      tx,
      platformId,
      card,
      {
        direction: "CREDIT",
        status: "SETTLED",
        merchant: input.merchant,
        authorizedAmount: amount,
        settledAmount: amount,
      },
      id,
    );
  });
}

/** Locks one of this card's transactions for the rest of the transaction. */
async function lockCardTransaction(tx: Db, platformId: string, card: Card, cardTransactionId: string) {
  const uuid = parseApiId("CardTransaction", cardTransactionId);
  const locked = uuid
    ? await tx.$queryRaw<
        { id: string }[]
      >`SELECT id FROM card_transactions WHERE id = ${uuid}::uuid AND platform_id = ${platformId}::uuid AND
      card_id = ${card.id}::uuid FOR UPDATE`
    : [];
  if (!locked[0])
    throw new DomainError("TRANSACTION_NOT_FOUND", `Card transaction ${cardTransactionId} not found on this card`);
  return tx.cardTransaction.findUniqueOrThrow({ where: { id: locked[0].id } });
}

async function update(tx: Db, platformId: string, id: string, data: Partial<CardTransactionRow>) {
  const row = await tx.cardTransaction.update({ where: { id }, data: { ...data, lastEventAt: new Date() } });
  await emitWebhook(tx, platformId, `CARD_TRANSACTION.${row.status}` as WebhookType, serializeCardTransaction(row));
  // The event changes the transaction the token already names, so the webhook correlates by it.
  return { issuerTransactionToken: row.issuerTransactionToken };
}

/**
 * simulate/authorization_advice: the network re-sizes an open DEBIT
 * authorization to a new total. Growing it pulls the difference from the
 * funding account (the network has approved it already, so a balance that
 * cannot cover it leaves the transaction in EXCEPTION); shrinking it gives the
 * difference back.
 */
export async function simulateAuthorizationAdvice(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  input: SandboxAuthorizationAdvice,
): Promise<SimulationAccepted> {
  return withLockedCard(db, platformId, cardId, async (tx, card) => {
    const t = await lockCardTransaction(tx, platformId, card, input.cardTransactionId);
    if (t.direction !== "DEBIT" || t.status !== "AUTHORIZED") {
      throw new DomainError(
        "CONFLICT",
        `Only an AUTHORIZED card authorization can be re-sized; this one is a ${t.direction} ${t.status}`,
        { status: t.status },
      );
    }
    if (t.pullPendingCount > 0) {
      throw new DomainError("CONFLICT", "The authorization's pull is still pending; advise it once it is confirmed", {
        status: t.status,
      });
    }
    const total = BigInt(input.amount);
    const diff = total - t.authorizedAmount;
    const reference = `CardTransaction:${t.id}`;
    if (diff > 0n) {
      const funding = await fundingApproval(tx, platformId, card.id, t.accountId);
      if ((await availableFor(tx, t.accountId)) < diff || !funding.allowed) {
        return update(tx, platformId, t.id, { status: "EXCEPTION", authorizedAmount: total });
      }
      await postLedger(tx, {
        platformId,
        kind: "CARD_ADVICE_PULL",
        reference,
        entries: withWalletApproval(
          move({ account: t.accountId }, { system: CARD_NETWORK }, t.currency, diff),
          funding.approval,
        ),
      });
      return update(tx, platformId, t.id, {
        authorizedAmount: total,
        pullCount: t.pullCount + 1,
        pullTotal: t.pullTotal + diff,
      });
    }
    if (diff < 0n) {
      await postLedger(tx, {
        platformId,
        kind: "CARD_ADVICE_RELEASE",
        reference,
        entries: move({ system: CARD_NETWORK }, { account: t.accountId }, t.currency, -diff),
      });
    }
    return update(tx, platformId, t.id, { authorizedAmount: total, pullTotal: t.pullTotal + (diff < 0n ? diff : 0n) });
  });
}

/**
 * simulate/return_reversal: the merchant takes back a return on a REFUNDED
 * transaction. The refunded amount leaves the funding account for the network
 * again and the transaction is SETTLED with nothing refunded; a balance that
 * cannot cover it leaves it in EXCEPTION (the network has moved the money).
 */
export async function simulateReturnReversal(
  db: PrismaClient,
  platformId: string,
  cardId: string,
  cardTransactionId: string,
): Promise<SimulationAccepted> {
  return withLockedCard(db, platformId, cardId, async (tx, card) => {
    const t = await lockCardTransaction(tx, platformId, card, cardTransactionId);
    if (t.direction !== "DEBIT" || t.status !== "REFUNDED") {
      throw new DomainError(
        "CONFLICT",
        `Only a REFUNDED card transaction's return can be reversed; this one is ${t.status}`,
        {
          status: t.status,
        },
      );
    }
    const amount = t.refundedAmount;
    const funding = await fundingApproval(tx, platformId, card.id, t.accountId);
    if ((await availableFor(tx, t.accountId)) < amount || !funding.allowed)
      return update(tx, platformId, t.id, { status: "EXCEPTION" });
    await postLedger(tx, {
      platformId,
      kind: "CARD_RETURN_REVERSAL",
      reference: `CardTransaction:${t.id}`,
      entries: withWalletApproval(
        move({ account: t.accountId }, { system: CARD_NETWORK }, t.currency, amount),
        funding.approval,
      ),
    });
    return update(tx, platformId, t.id, { status: "SETTLED", refundedAmount: 0n });
  });
}

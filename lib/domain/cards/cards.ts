// Issuing, reading, listing and changing cards. Card creation takes a lock on
// the platform row, so concurrent creates count live cards one after another
// and the card limits hold; activation is a durable job that moves
// PROCESSING -> ACTIVE and emits CARD.STATUS_CHANGE in the same transaction.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { queryRows, type Db } from "../../db/client";
import { currentFence, fenceIdempotency, fenceJson, fenceRefused, isFenceRefusal } from "../../db/idempotency-fence";
import { toJsonText } from "../../kernel/json";
import { DomainError, invalidField } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage } from "../../kernel/pagination";
import { newUuid, parseApiId, randomHex } from "../../ids";
import { emitWebhook, outboxCtes, outboxRows } from "../../webhooks/outbox";
import {
  COMPLETED,
  completeJobSql,
  completeJobsSql,
  enqueueJob,
  type JobOutcome,
  type JobRecord,
} from "../../jobs/queue";
import { jobSandboxRules, traceSandboxRules } from "../../sandbox/rule-trace";
import { sandboxDelayMs, SANDBOX_DELAYS } from "../../sandbox/time";
import { ISSUANCE_SUFFIXES, issuanceSteer } from "../../sandbox/cards";
import { CardLimits } from "../platform/schemas";
import { generateCvv, generatePan, sealCardSecrets } from "./pan";
import { CARD_SELECT, serializeCard, type CardRow } from "./serialize";
import { ACTIVATION, ISSUER_REJECTION, decideMutation, type CardStatus, type ClosedReason } from "./status";
import type { CardCreate, CardListQuery, CardUpdate } from "./schemas";

/** The fresh card's own values: its number (sealed), references and expiry. */
function newCardValues(cardId: string, brand: CardCreate["brand"]) {
  const pan = generatePan(brand);
  const now = new Date();
  return {
    platformCardId: `card_${randomHex(10)}`,
    last4: pan.slice(-4),
    expMonth: now.getUTCMonth() + 1,
    expYear: now.getUTCFullYear() + CARD_VALIDITY_YEARS,
    processorRef: `prc_${randomHex(8)}`,
    issuerRef: `iss_${randomHex(8)}`,
    secretsSealed: sealCardSecrets(cardId, { pan, cvv: generateCvv() }),
  };
}

// A cardholder's platformCustomerId containing any steering suffix of the sandbox takes the full path (which
// applies the steer); containing is wider than ending with, so no steered issuance can take the short one.
const STEERED = Object.keys(ISSUANCE_SUFFIXES).map((suffix) => `%${suffix}%`);

/**
 * The common issuance in one statement, one round trip: a platform without card limits (nothing to count, so no
 * platform lock: FOR SHARE only keeps a concurrent change of the limits waiting until this card commits), an
 * APPROVED cardholder without a steering suffix, and an active fiat or embedded-wallet account of theirs. The
 * card, its activation job and, with an Idempotency-Key, the key's fence (APPLIED with the card as recovery point,
 * or MI001 rolling the statement back) commit together. Null when a condition does not hold (nothing written): the
 * full path then decides and answers.
 */
async function issueWithoutLimits(
  platformId: string,
  customerUuid: string,
  cardId: string,
  input: CardCreate,
): Promise<CardRow | null> {
  const accountUuid = parseApiId("InternalAccount", input.fundingSource);
  if (!accountUuid) return null;
  const v = newCardValues(cardId, input.brand);
  const fence = currentFence();
  const limit = input.maxSpendPerTransaction;
  const values: unknown[] = [
    platformId,
    customerUuid,
    accountUuid,
    cardId,
    v.platformCardId,
    limit === undefined || limit === null ? null : String(limit),
    input.brand,
    input.form,
    v.last4,
    v.expMonth,
    v.expYear,
    v.processorRef,
    v.issuerRef,
    v.secretsSealed,
    STEERED,
    newUuid(),
    JSON.stringify({ cardId }),
    new Date(Date.now() + sandboxDelayMs(SANDBOX_DELAYS.cardActivationMs)),
  ];
  if (fence) values.push(toJsonText(fenceJson(fence, { kind: "card", id: cardId })));
  try {
    // On the pool as a named prepared statement (lib/db/client.ts), not through Prisma: its raw-query machinery cost
    // more server CPU than the statement's round trip.
    const rows = await queryRows<Omit<CardRow, "maxSpendPerTransaction"> & { maxSpendPerTransaction: string | null }>(
      ISSUE_SQL[fence ? 1 : 0],
      values,
    );
    const row = rows[0];
    if (!row) return null;
    const {
      jobs: _jobs,
      fenced: _fenced,
      maxSpendPerTransaction,
      ...card
    } = row as typeof row & {
      jobs?: unknown;
      fenced?: unknown;
    };
    // node-postgres gives bigint as text; CardRow holds it as bigint, as Prisma did.
    return { ...card, maxSpendPerTransaction: maxSpendPerTransaction === null ? null : BigInt(maxSpendPerTransaction) };
  } catch (err) {
    if (isFenceRefusal(err)) throw fenceRefused();
    throw err;
  }
}

const CARD_COLUMNS = `id, customer_id AS "customerId", funding_source_id AS "fundingSourceId",
  platform_card_id AS "platformCardId", status, brand, form, last4, exp_month AS "expMonth", exp_year AS "expYear",
  currency, processor_ref AS "processorRef", issuer_ref AS "issuerRef", status_reason AS "statusReason",
  max_spend_per_transaction AS "maxSpendPerTransaction", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * issueWithoutLimits's statement, without and with an Idempotency-Key's fence: built once, so each call hands the
 * pool the same string (whose prepared statement's name is looked up by it). The cardholder is found by primary key
 * alone (`OFFSET 0`): joined to the platform, its plan walked the UMA-address index over the platform's customers.
 */
const ISSUE_SQL = [false, true].map(
  (fenced) => `WITH p AS (
     SELECT id FROM platforms
      WHERE id = $1::uuid AND card_limits->>'maxLiveCards' IS NULL
        AND NOT coalesce((card_limits->>'oneCardPerCardholder')::boolean, false)
        FOR SHARE
   ), holder AS (
     SELECT c.id
       FROM (SELECT id, platform_id, deleted_at, kyc_status, platform_customer_id FROM customers
              WHERE id = $2::uuid OFFSET 0) c
      WHERE c.platform_id = $1::uuid AND EXISTS (SELECT 1 FROM p) AND c.deleted_at IS NULL
        AND c.kyc_status = 'APPROVED' AND NOT (c.platform_customer_id LIKE ANY ($15::text[]))
   ), account AS (
     SELECT a.id, a.currency FROM internal_accounts a JOIN holder ON a.customer_id = holder.id
      WHERE a.id = $3::uuid AND a.platform_id = $1::uuid AND a.status = 'ACTIVE'
        AND a.type IN ('INTERNAL_FIAT', 'EMBEDDED_WALLET')
   ), card AS (
     INSERT INTO cards (id, platform_id, customer_id, funding_source_id, platform_card_id,
       max_spend_per_transaction, status, brand, form, last4, exp_month, exp_year, currency, processor_ref,
       issuer_ref, secrets_sealed)
     SELECT $4::uuid, $1::uuid, holder.id, account.id, $5, $6::bigint, 'PROCESSING', $7, $8, $9, $10::int,
            $11::int, account.currency, $12, $13, $14
       FROM holder, account
     RETURNING ${CARD_COLUMNS}
   ), job AS (
     INSERT INTO jobs (id, platform_id, type, payload, run_at)
     SELECT $16::uuid, $1::uuid, 'card.activate', $17::jsonb, $18::timestamptz FROM card
     RETURNING 1
   )${fenced ? ", fence AS (SELECT idempotency_fence($19::jsonb) FROM card)" : ""}
   SELECT card.*, (SELECT count(*) FROM job) AS jobs${fenced ? ", (SELECT count(*) FROM fence) AS fenced" : ""}
     FROM card`,
);

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
  const issued = customerUuid ? await issueWithoutLimits(platformId, customerUuid, cardId, input) : null;
  if (issued) return serializeCard(issued);
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

    // Serializes card creation per platform: the count below sees every committed live card (one not closed: the
    // table's CHECK keeps closed_at set exactly for CLOSED, and the live-card index reads it).
    const locked = await tx.$queryRaw<
      { card_limits: unknown }[]
    >`SELECT card_limits FROM platforms WHERE id = ${platformId}::uuid FOR UPDATE`;
    const limits = CardLimits.parse(locked[0]?.card_limits ?? {});
    const [counts] = await tx.$queryRaw<{ live: bigint; mine: bigint }[]>`
      SELECT count(*) AS live, count(*) FILTER (WHERE customer_id = ${customer.id}::uuid) AS mine
        FROM cards WHERE platform_id = ${platformId}::uuid AND closed_at IS NULL`;
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

    const created = await tx.card.create({
      data: {
        ...newCardValues(cardId, input.brand),
        id: cardId,
        platformId,
        customerId: customer.id,
        fundingSourceId: account.id,
        maxSpendPerTransaction: spendLimit(input.maxSpendPerTransaction) ?? null,
        status: "PROCESSING" satisfies CardStatus,
        brand: input.brand,
        form: input.form,
        currency: account.currency,
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
 * Activation's move, its event (and delivery job) and the job's completion in one statement (activateCardJob); a
 * module constant, so each call hands the pool the same string.
 */
const ACTIVATION_MOVE_SQL = `WITH moved AS (
     UPDATE cards SET status = $3, updated_at = $4::timestamptz, status_reason = coalesce($10::text, status_reason),
            closed_at = CASE WHEN $10::text IS NULL THEN closed_at ELSE $4::timestamptz END
      WHERE id = $1::uuid AND status = $2 AND xmin = $5::text::xid
     RETURNING platform_id
   ), ${outboxCtes({
     from: "moved",
     platformId: "moved.platform_id",
     eventId: "$6",
     type: "'CARD.STATUS_CHANGE'",
     payload: "$7::jsonb",
     sandboxRules: "$8",
     jobId: "$9",
     jobPayload: "$11",
   })}, done AS (
     ${completeJobSql("$12", "$13", "EXISTS (SELECT 1 FROM moved)")}
   )
   SELECT 1 FROM moved`;

/** How many times activation re-reads a card that changed between its read and its move before giving up (retried). */
const ACTIVATION_READS = 5;

/**
 * Job: the issuer finished provisioning: activated, or (payload outcome REJECT,
 * issuance suffix 002) rejected, which closes the card and frees its slot.
 * Idempotent: a card no longer PROCESSING is left alone.
 *
 * Two round trips: the card is read, its CARD.STATUS_CHANGE body built from that row and the move, then one statement
 * moves it, only if the row is still the version read (xmin) and in the status moved from, and writes the event (and
 * its delivery job, when the platform has an endpoint) with it, so the change and its webhook commit together. A card
 * changed in between (a PATCH of its limit) is read again; one that left PROCESSING meanwhile is left alone. The
 * move's statement also completes the job (fenced on its lease, as the worker's completion is), so the worker has
 * nothing left to record. (Carrying the issued row in the job's payload instead of reading it saved the read but
 * cost PostgreSQL as much in larger job rows: no change in bench:api, measured 2026-11-29.)
 */
export async function activateCardJob(job: JobRecord): Promise<JobOutcome> {
  const cardId = String(job.payload.cardId);
  const move = activationMove(job);
  for (let read = 0; read < ACTIVATION_READS; read++) {
    const rows = await queryRows<ActivationRead>(ACTIVATION_READ_SQL, [[cardId]]);
    const card = rows[0];
    if (!card || card.status !== move.from) return;
    const at = new Date();
    const outbox = activationOutbox(card, move, at);
    const moved = await queryRows(ACTIVATION_MOVE_SQL, [
      cardId,
      move.from,
      move.to,
      at,
      card.version,
      outbox.event.id,
      outbox.event.payload,
      outbox.event.sandboxRules,
      outbox.job.id,
      move.reason,
      outbox.job.payload,
      job.id,
      job.lockedBy,
    ]);
    if (moved.length === 1) return COMPLETED;
  }
  throw new Error(`Card ${cardId} kept changing while it was being activated`);
}

type ActivationRead = CardRow & { version: string };

const ACTIVATION_READ_SQL = `SELECT ${CARD_COLUMNS}, xmin::text AS version FROM cards WHERE id = ANY($1::uuid[])`;

/** Activation, or (payload outcome REJECT, issuance suffix 002) the issuer's rejection. */
function activationMove(job: JobRecord) {
  return job.payload.outcome === "REJECT" ? ISSUER_REJECTION : { ...ACTIVATION, reason: null };
}

/** The CARD.STATUS_CHANGE rows of a card's move, from the card as read. */
function activationOutbox(card: ActivationRead, move: ReturnType<typeof activationMove>, at: Date) {
  const { version: _version, ...row } = card;
  return outboxRows(
    "CARD.STATUS_CHANGE",
    serializeCard({
      ...row,
      maxSpendPerTransaction: row.maxSpendPerTransaction === null ? null : BigInt(row.maxSpendPerTransaction),
      status: move.to,
      statusReason: move.reason ?? row.statusReason,
      updatedAt: at,
    }),
    at,
  );
}

/**
 * The moves of several activations, their events (and delivery jobs) and their jobs' completion in one statement, as
 * ACTIVATION_MOVE_SQL does for one; answers the jobs whose card moved. (`cards.id = ANY(...)` keeps the cards found by
 * their primary key: joined to the unnest alone, the planner hashed a sequential scan of cards, seen in bench:api.)
 */
const ACTIVATIONS_MOVE_SQL = `WITH moved AS (
     UPDATE cards SET status = i.move_to, updated_at = $1::timestamptz,
            status_reason = coalesce(i.reason, cards.status_reason),
            closed_at = CASE WHEN i.reason IS NULL THEN cards.closed_at ELSE $1::timestamptz END
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::jsonb[], $9::jsonb[],
                   $10::uuid[], $11::jsonb[], $12::uuid[])
            AS i(card_id, move_from, move_to, version, reason, event_id, payload, rules, delivery_job_id,
                 delivery_payload, job_id)
      WHERE cards.id = ANY($2::uuid[]) AND cards.id = i.card_id AND cards.status = i.move_from
        AND cards.xmin = i.version::xid
     RETURNING cards.platform_id AS owner, i.event_id, i.payload, i.rules, i.delivery_job_id, i.delivery_payload,
               i.job_id
   ), ${outboxCtes({
     from: "moved m",
     platformId: "m.owner",
     eventId: "m.event_id",
     type: "'CARD.STATUS_CHANGE'",
     payload: "m.payload",
     sandboxRules: "ARRAY(SELECT jsonb_array_elements_text(m.rules))",
     jobId: "m.delivery_job_id",
     jobPayload: "m.delivery_payload",
     deliveryFrom: "event JOIN moved m ON m.event_id = event.id",
   })}, done AS (
     ${completeJobsSql("ARRAY(SELECT job_id FROM moved)", "$13")}
   )
   SELECT job_id AS "jobId" FROM moved`;

/**
 * activateCardJob for the several activations one claim returned: one read of all their cards and one statement
 * moving them. Answers the jobs left to run one by one: a card not found or no longer PROCESSING (which that run
 * leaves alone and completes), or changed between the read and the move (which it reads again).
 */
export async function activateCardsJob(jobs: JobRecord[]): Promise<JobRecord[]> {
  const cards = await queryRows<ActivationRead>(ACTIVATION_READ_SQL, [jobs.map((job) => String(job.payload.cardId))]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const at = new Date();
  const moves: { job: JobRecord; card: ActivationRead; move: ReturnType<typeof activationMove> }[] = [];
  const left: JobRecord[] = [];
  for (const job of jobs) {
    const card = byId.get(String(job.payload.cardId));
    const move = activationMove(job);
    if (card && card.status === move.from) moves.push({ job, card, move });
    else left.push(job);
  }
  if (moves.length === 0) return left;
  // Each event names the sandbox rules its own job carries, as the job's run alone would (lib/jobs/worker.ts).
  const outboxes = await Promise.all(
    moves.map(({ job, card, move }) =>
      traceSandboxRules(
        async () => activationOutbox(card, move, at),
        () => undefined,
        jobSandboxRules(job.payload),
      ),
    ),
  );
  const moved = await queryRows<{ jobId: string }>(ACTIVATIONS_MOVE_SQL, [
    at,
    moves.map((m) => m.card.id),
    moves.map((m) => m.move.from),
    moves.map((m) => m.move.to),
    moves.map((m) => m.card.version),
    moves.map((m) => m.move.reason),
    outboxes.map((o) => o.event.id),
    outboxes.map((o) => o.event.payload),
    outboxes.map((o) => JSON.stringify(o.event.sandboxRules)),
    outboxes.map((o) => o.job.id),
    outboxes.map((o) => o.job.payload),
    moves.map((m) => m.job.id),
    jobs[0].lockedBy,
  ]);
  const done = new Set(moved.map((r) => r.jobId));
  return [...left, ...moves.filter((m) => !done.has(m.job.id)).map((m) => m.job)];
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

/**
 * A PATCH's change of status or spend limit and its CARD.STATUS_CHANGE (when the status changed) in one statement,
 * only if the card is still the version read (xmin); a module constant, as the activation's.
 */
const UPDATE_SQL = `WITH moved AS (
     UPDATE cards SET status = $3, status_reason = $4, closed_at = $5::timestamptz,
            max_spend_per_transaction = $6::bigint, updated_at = $7::timestamptz
      WHERE id = $1::uuid AND xmin = $2::text::xid
     RETURNING platform_id
   ), ${outboxCtes({
     from: "moved",
     when: "$8::boolean",
     platformId: "moved.platform_id",
     eventId: "$9",
     type: "'CARD.STATUS_CHANGE'",
     payload: "$10::jsonb",
     sandboxRules: "$11",
     jobId: "$12",
     jobPayload: "$13",
   })}
   SELECT 1 FROM moved`;

/** How many times a PATCH re-reads a card that changed between its read and its write before taking its lock. */
const UPDATE_READS = 2;

/**
 * PATCH /cards/{id} without a funding-source change: the card read, the change decided from the status read (the
 * state machine's table), then written with its event in one statement fenced on the row version, so concurrent
 * PATCHes still decide one after another from the status the other left. Two round trips, no transaction held open;
 * null when the card kept changing under it (the caller then takes the row lock and waits its turn).
 */
async function updateCardStatusOrLimit(platformId: string, uuid: string, cardId: string, input: CardUpdate) {
  for (let read = 0; read < UPDATE_READS; read++) {
    const [found] = await queryRows<CardRow & { version: string; closedAt: Date | null }>(
      `SELECT ${CARD_COLUMNS}, closed_at AS "closedAt", xmin::text AS version FROM cards
        WHERE id = $1::uuid AND platform_id = $2::uuid`,
      [uuid, platformId],
    );
    if (!found) throw new DomainError("REFERENCE_NOT_FOUND", `Card ${cardId} not found`);
    const { version, closedAt, ...current } = found;
    const decision = decideMutation(current.status as CardStatus, input.status);
    if (!decision.ok) throw new DomainError(decision.code, decision.reason, { status: current.status });
    const at = new Date();
    const statusChanged = decision.to !== undefined && decision.to !== current.status;
    const closing = decision.to === "CLOSED";
    const maxSpend = spendLimit(input.maxSpendPerTransaction);
    const next: CardRow = {
      ...current,
      maxSpendPerTransaction:
        maxSpend !== undefined
          ? maxSpend
          : current.maxSpendPerTransaction === null
            ? null
            : BigInt(current.maxSpendPerTransaction),
      status: statusChanged ? decision.to! : current.status,
      statusReason: closing ? ("CLOSED_BY_PLATFORM" satisfies ClosedReason) : current.statusReason,
      updatedAt: at,
    };
    const body = serializeCard(next);
    const outbox = statusChanged ? outboxRows("CARD.STATUS_CHANGE", body, at) : null;
    const written = await queryRows(UPDATE_SQL, [
      uuid,
      version,
      next.status,
      next.statusReason,
      closing ? at : closedAt,
      next.maxSpendPerTransaction === null ? null : next.maxSpendPerTransaction.toString(),
      at,
      statusChanged,
      outbox?.event.id ?? null,
      outbox?.event.payload ?? null,
      outbox?.event.sandboxRules ?? null,
      outbox?.job.id ?? null,
      outbox?.job.payload ?? null,
    ]);
    if (written.length === 1) return body;
  }
  return null;
}

export async function updateCard(db: PrismaClient, platformId: string, cardId: string, input: CardUpdate) {
  const uuid = cardUuidOrNotFound(cardId);
  if (input.fundingSource === undefined) {
    const updated = await updateCardStatusOrLimit(platformId, uuid, cardId, input);
    if (updated) return updated;
  }
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

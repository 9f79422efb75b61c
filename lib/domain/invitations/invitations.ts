// UMA invitations: a customer invites someone by link; the invitee's platform
// claims it with the invitee's UMA address, and the inviter's platform hears
// INVITATION.CLAIMED (it then sends amountToSend itself, per the reference).
// Codes are unguessable and global, so the invitee's platform (any tenant)
// can read and claim them; only the creating platform can cancel.
import "server-only";
import { randomBytes } from "node:crypto";
import { customerAtUmaAddress } from "../customers/retrieve-customer";
import type { PrismaClient } from "../../db/generated/client";
import { queryRows } from "../../db/client";
import { DomainError, invalidInput } from "../../kernel/errors";
import { appOrigin } from "../../env";
import { newUuid } from "../../ids";
import { emitWebhook } from "../../webhooks/outbox";
import { UMA_ADDRESS_RE } from "../../sandbox/uma";
import { currencyAmount } from "../currencies";
import { getPlatformSettings } from "../platform/config";

type InvitationRow = NonNullable<Awaited<ReturnType<PrismaClient["invitation"]["findFirst"]>>>;

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newCode(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function statusOf(row: InvitationRow, now = new Date()): string {
  if (row.status === "PENDING" && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "EXPIRED";
  return row.status;
}

export function serializeInvitation(row: InvitationRow) {
  return {
    code: row.code,
    url: `${appOrigin()}/invite/${row.code}`,
    status: statusOf(row),
    inviterUma: row.inviterUma,
    ...(row.inviteeUma ? { inviteeUma: row.inviteeUma } : {}),
    ...(row.firstName ? { firstName: row.firstName } : {}),
    ...(row.amountToSend !== null && row.amountCurrency
      ? { amountToSend: currencyAmount(row.amountToSend, row.amountCurrency) }
      : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.claimedAt ? { claimedAt: row.claimedAt.toISOString() } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
  };
}

function umaOrThrow(address: string, field: string): void {
  if (!UMA_ADDRESS_RE.test(address))
    throw new DomainError("INVALID_UMA_ADDRESS", `${field} ${address} is not a UMA address ($user@domain)`, { field });
}

/**
 * The invitation in one statement: inserted only when the platform has a webhook endpoint and the inviter is its
 * active customer at that UMA address (compared as the unique index on lower(uma_address) does); no row otherwise.
 */
const CREATE_SQL = `WITH inviter AS (
    SELECT c.id, c.uma_address, c.currencies[1] AS currency FROM customers c
     WHERE c.platform_id = $1::uuid AND lower(c.uma_address) = lower($2) AND c.deleted_at IS NULL
  ), created AS (
    INSERT INTO invitations (id, platform_id, code, customer_id, inviter_uma, first_name, amount_to_send,
                             amount_currency, status, expires_at)
    SELECT $3::uuid, p.id, $4, i.id, i.uma_address, $5, $6::bigint,
           CASE WHEN $6::bigint IS NULL THEN NULL ELSE coalesce(i.currency, 'USD') END, 'PENDING', $7::timestamptz
      FROM inviter i JOIN platforms p ON p.id = $1::uuid AND p.webhook_endpoint IS NOT NULL
    RETURNING *
  )
  SELECT id, platform_id AS "platformId", code, customer_id AS "customerId", inviter_uma AS "inviterUma",
         invitee_uma AS "inviteeUma", first_name AS "firstName", amount_to_send::text AS "amountToSend",
         amount_currency AS "amountCurrency", status, expires_at AS "expiresAt", claimed_at AS "claimedAt",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM created`;

export async function createInvitation(
  db: PrismaClient,
  platformId: string,
  body: { inviterUma: string; firstName?: string; amountToSend?: number; expiresAt?: string },
) {
  umaOrThrow(body.inviterUma, "inviterUma");
  // One statement when it can succeed; what it refused (and a past expiresAt) the checks below explain, in order.
  if (!body.expiresAt || Date.parse(body.expiresAt) > Date.now()) {
    const [row] = await queryRows<Omit<InvitationRow, "amountToSend"> & { amountToSend: string | null }>(CREATE_SQL, [
      platformId,
      body.inviterUma,
      newUuid(),
      newCode(),
      body.firstName ?? null,
      body.amountToSend ?? null,
      body.expiresAt ?? null,
    ]);
    if (row)
      return serializeInvitation({ ...row, amountToSend: row.amountToSend === null ? null : BigInt(row.amountToSend) });
  }
  const settings = await getPlatformSettings(db, platformId);
  // Claims are reported by webhook; without an endpoint the platform would never learn of them.
  if (!settings.webhookEndpoint) {
    throw new DomainError(
      "INVITATIONS_NOT_CONFIGURED",
      "Invitations need a webhook endpoint (PATCH /config webhookEndpoint) to report INVITATION.CLAIMED",
    );
  }
  const inviter = await customerAtUmaAddress(db, platformId, body.inviterUma);
  if (!inviter)
    throw new DomainError(
      "INVALID_UMA_ADDRESS",
      `${body.inviterUma} is not the UMA address of a customer of this platform`,
      { field: "inviterUma" },
    );
  if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) {
    throw invalidInput([{ field: "expiresAt", constraint: "MINIMUM", message: "expiresAt must be in the future" }]);
  }
  const row = await db.invitation.create({
    data: {
      id: newUuid(),
      platformId,
      code: newCode(),
      inviterUma: inviter.umaAddress,
      customerId: inviter.id,
      firstName: body.firstName ?? null,
      amountToSend: body.amountToSend !== undefined ? BigInt(body.amountToSend) : null,
      amountCurrency: body.amountToSend !== undefined ? (inviter.currencies[0] ?? "USD") : null,
      status: "PENDING",
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    },
  });
  return serializeInvitation(row);
}

async function findByCode(db: PrismaClient, code: string): Promise<InvitationRow> {
  const row = await db.invitation.findUnique({ where: { code } });
  if (!row) throw new DomainError("INVITATION_NOT_FOUND", `Invitation ${code} not found`);
  return row;
}

export async function retrieveInvitation(db: PrismaClient, code: string) {
  return serializeInvitation(await findByCode(db, code));
}

function assertPending(row: InvitationRow): void {
  const status = statusOf(row);
  if (status === "CLAIMED") throw new DomainError("INVITATION_ALREADY_CLAIMED", "This invitation was already claimed");
  if (status === "CANCELLED") throw new DomainError("INVITATION_CANCELLED", "This invitation was cancelled");
  if (status === "EXPIRED")
    throw invalidInput(
      [{ field: "invitationCode", constraint: "INVALID", message: "This invitation expired" }],
      "This invitation expired",
    );
}

export async function claimInvitation(db: PrismaClient, code: string, inviteeUma: string) {
  umaOrThrow(inviteeUma, "inviteeUma");
  const row = await findByCode(db, code);
  assertPending(row);
  if (inviteeUma.toLowerCase() === row.inviterUma.toLowerCase()) {
    throw invalidInput([
      { field: "inviteeUma", constraint: "INVALID", message: "The inviter cannot claim their own invitation" },
    ]);
  }
  return db.$transaction(async (tx) => {
    const now = new Date();
    const res = await tx.invitation.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: { status: "CLAIMED", inviteeUma, claimedAt: now },
    });
    if (res.count === 0) {
      assertPending(await tx.invitation.findUniqueOrThrow({ where: { id: row.id } }));
      throw new DomainError("INVITATION_ALREADY_CLAIMED", "This invitation was already claimed");
    }
    const body = serializeInvitation(await tx.invitation.findUniqueOrThrow({ where: { id: row.id } }));
    await emitWebhook(tx, row.platformId, "INVITATION.CLAIMED", body);
    return body;
  });
}

export async function cancelInvitation(db: PrismaClient, platformId: string, code: string) {
  const row = await findByCode(db, code);
  if (row.platformId !== platformId)
    throw new DomainError("FORBIDDEN", "Only the platform that created the invitation can cancel it");
  assertPending(row);
  const res = await db.invitation.updateMany({
    where: { id: row.id, status: "PENDING" },
    data: { status: "CANCELLED" },
  });
  if (res.count === 0) assertPending(await db.invitation.findUniqueOrThrow({ where: { id: row.id } }));
  return serializeInvitation(await db.invitation.findUniqueOrThrow({ where: { id: row.id } }));
}

// Beneficial owners of business customers. An owner's KYC resolves when its
// business resolves terminally (lib/sandbox/kyc.ts, by lastName suffix); an
// owner added to an already-resolved business resolves at once.
import "server-only";
import type { BeneficialOwner, PrismaClient } from "../../db/generated/client";
import { queryRows, type Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId } from "../../ids";
import { isFinalStatus } from "../../sandbox/kyc";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import type { BeneficialOwnerCreate, BeneficialOwnerUpdate } from "./schemas";
import { serializeBeneficialOwner } from "../customers/beneficial-owner";
import { resolveBeneficialOwners } from "./submit";

export async function getBeneficialOwnerOrThrow(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("BeneficialOwner", id);
  const row = uuid ? await db.beneficialOwner.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Beneficial owner ${id} not found`);
  return row;
}

export async function createBeneficialOwner(db: PrismaClient, platformId: string, input: BeneficialOwnerCreate) {
  const customer = await getCustomerOrThrow(db, platformId, input.customerId);
  if (customer.customerType !== "BUSINESS")
    throw invalidField("customerId", "Beneficial owners belong to BUSINESS customers", "INVALID");
  const row = await db.$transaction(async (tx) => {
    const created = await tx.beneficialOwner.create({
      data: {
        id: newUuid(),
        platformId,
        customerId: customer.id,
        roles: [...new Set(input.roles)],
        ownershipPercentage: input.ownershipPercentage,
        personalInfo: input.personalInfo as object,
      },
    });
    if (isFinalStatus(customer.kybStatus)) {
      await resolveBeneficialOwners(tx, platformId, [created]);
      return tx.beneficialOwner.findUniqueOrThrow({ where: { id: created.id } });
    }
    return created;
  });
  return serializeBeneficialOwner(row);
}

/**
 * PATCH /beneficial-owners/{id} in one statement: PostgreSQL merges the given personalInfo fields into the stored
 * ones, so concurrent PATCHes of different fields all keep theirs (read, merged and written back, one was lost).
 */
const UPDATE_SQL = `UPDATE beneficial_owners
    SET roles = coalesce($3::text[], roles), ownership_percentage = coalesce($4::int, ownership_percentage),
        personal_info = CASE WHEN $5::jsonb IS NULL THEN personal_info
                             ELSE coalesce(personal_info, '{}'::jsonb) || $5::jsonb END,
        updated_at = now()
  WHERE id = $1::uuid AND platform_id = $2::uuid
  RETURNING id, platform_id AS "platformId", customer_id AS "customerId", roles,
            ownership_percentage AS "ownershipPercentage", personal_info AS "personalInfo", kyc_status AS "kycStatus",
            created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function updateBeneficialOwner(platformId: string, id: string, input: BeneficialOwnerUpdate) {
  const uuid = parseApiId("BeneficialOwner", id);
  const [updated] = uuid
    ? await queryRows<BeneficialOwner>(UPDATE_SQL, [
        uuid,
        platformId,
        input.roles ? [...new Set(input.roles)] : null,
        input.ownershipPercentage ?? null,
        input.personalInfo ? JSON.stringify(input.personalInfo) : null,
      ])
    : [];
  if (!updated) throw new DomainError("REFERENCE_NOT_FOUND", `Beneficial owner ${id} not found`);
  return serializeBeneficialOwner(updated);
}

export async function listBeneficialOwners(db: Db, platformId: string, q: PaginationQuery & { customerId?: string }) {
  const where = { platformId, ...(q.customerId ? { customerId: parseApiId("Customer", q.customerId)! } : {}) };
  const page = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.beneficialOwner.findMany({ where: { ...where, ...page.cursorWhere }, orderBy: page.orderBy, take: page.take }),
    db.beneficialOwner.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, serializeBeneficialOwner);
}

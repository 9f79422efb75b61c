// Beneficial owners of business customers. An owner's KYC resolves when its
// business resolves terminally (lib/sandbox/kyc.ts, by lastName suffix); an
// owner added to an already-resolved business resolves at once.
import "server-only";
import { queryRows, type Db } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId } from "../../ids";
import { toJsonText } from "../../kernel/json";
import { beneficialOwnerKycRule, FINAL_STATUSES } from "../../sandbox/kyc";
import { noteSandboxRule } from "../../sandbox/rule-trace";
import type { BeneficialOwnerCreate, BeneficialOwnerUpdate } from "./schemas";
import { serializeBeneficialOwner, type BeneficialOwnerRow } from "../customers/beneficial-owner";

export async function getBeneficialOwnerOrThrow(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("BeneficialOwner", id);
  const row = uuid ? await db.beneficialOwner.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Beneficial owner ${id} not found`);
  return row;
}

/** The columns of a beneficial_owners row as a BeneficialOwnerRow, for the statements that return one. */
const OWNER_COLUMNS = `id, platform_id AS "platformId", customer_id AS "customerId", roles,
  ownership_percentage AS "ownershipPercentage", personal_info AS "personalInfo", kyc_status AS "kycStatus",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * POST /beneficial-owners in one statement: the owner is made only for an active BUSINESS customer, whose row it holds
 * in share mode so that a resolution of the business (which updates that row) runs wholly before or after it. An
 * owner added to a business whose verification is final resolves at once, by its own lastName ($8: the outcome).
 */
const CREATE_SQL = `WITH business AS (
    SELECT id, customer_type, kyb_status
      FROM (SELECT id, platform_id, deleted_at, customer_type, kyb_status FROM customers
             WHERE id = $2::uuid OFFSET 0 FOR SHARE) c
     WHERE c.platform_id = $1::uuid AND c.deleted_at IS NULL
  ), owner AS (
    INSERT INTO beneficial_owners (id, platform_id, customer_id, roles, ownership_percentage, personal_info, kyc_status)
    SELECT $3::uuid, $1::uuid, business.id, $4::text[], $5::int, $6::jsonb,
           CASE WHEN business.kyb_status = ANY($7::text[]) THEN $8 ELSE 'UNVERIFIED' END
      FROM business WHERE business.customer_type = 'BUSINESS'
    RETURNING ${OWNER_COLUMNS}, kyc_status <> 'UNVERIFIED' AS resolved
  )
  SELECT business.customer_type AS "customerType", owner.* FROM business LEFT JOIN owner ON true`;

export async function createBeneficialOwner(platformId: string, input: BeneficialOwnerCreate) {
  const customerUuid = parseApiId("Customer", input.customerId);
  const lastName = (input.personalInfo as { lastName?: string }).lastName;
  const outcome = beneficialOwnerKycRule(lastName);
  const [row] = customerUuid
    ? await queryRows<Partial<BeneficialOwnerRow> & { customerType: string; resolved: boolean | null }>(CREATE_SQL, [
        platformId,
        customerUuid,
        newUuid(),
        [...new Set(input.roles)],
        input.ownershipPercentage,
        toJsonText(input.personalInfo),
        FINAL_STATUSES,
        outcome.status,
      ])
    : [];
  if (!row) throw new DomainError("USER_NOT_FOUND", `Customer ${input.customerId} not found`);
  if (row.customerType !== "BUSINESS")
    throw invalidField("customerId", "Beneficial owners belong to BUSINESS customers", "INVALID");
  if (row.resolved && outcome.ruleId) noteSandboxRule(outcome.ruleId);
  return serializeBeneficialOwner(row as BeneficialOwnerRow);
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
  RETURNING ${OWNER_COLUMNS}`;

export async function updateBeneficialOwner(platformId: string, id: string, input: BeneficialOwnerUpdate) {
  const uuid = parseApiId("BeneficialOwner", id);
  const [updated] = uuid
    ? await queryRows<BeneficialOwnerRow>(UPDATE_SQL, [
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

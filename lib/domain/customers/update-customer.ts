// PATCH /customers/{customerId} and DELETE (soft). A final KYC/KYB status is
// never re-derived from a renamed customer: only verification changes status.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation, queryRows } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { addCustomerCurrencyAccounts } from "../accounts/internal-accounts";
import { getCustomerOrThrow } from "./retrieve-customer";
import type { CustomerUpdate } from "./schemas";
import { CUSTOMER_ROW_COLUMNS, serializeOneCustomer, type CustomerRow } from "./serialize";
import { assertKnownTermsVersion } from "./terms";
import { assertSingleContactChange, changeCustomerContact, contactChangeOf, type ContactGate } from "./contact";

export async function loadActiveCustomerForWrite(db: PrismaClient, platformId: string, customerId: string) {
  const row = await getCustomerOrThrow(db, platformId, customerId, { includeDeleted: true });
  // 409, not 410: the reference documents 410 CUSTOMER_DELETED only on DELETE; a change to a deleted customer is
  // a conflict with its state (the customer stays readable, isDeleted true).
  if (row.deletedAt) throw new DomainError("CONFLICT", `Customer ${customerId} has been deleted and cannot be changed`);
  return row;
}

/**
 * A change of profile fields, region or UMA address in one statement: PostgreSQL merges the fields into the stored
 * profile (businessInfo field by field), so concurrent changes of different fields all land. Only for an active
 * customer of the platform and of the type named; no row otherwise (the general path then says why).
 */
const PROFILE_UPDATE_SQL = `UPDATE customers
      SET profile = coalesce(profile, '{}'::jsonb) || $4::jsonb
            || CASE WHEN $5::jsonb IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('businessInfo',
                 CASE WHEN jsonb_typeof(profile->'businessInfo') = 'object' THEN profile->'businessInfo'
                      ELSE '{}'::jsonb END || $5::jsonb) END,
          uma_address = coalesce($6::text, uma_address), region = coalesce($7::text, region), updated_at = now()
    WHERE id = $1::uuid AND platform_id = $2::uuid AND deleted_at IS NULL AND customer_type = $3
    RETURNING ${CUSTOMER_ROW_COLUMNS}`;

/** PROFILE_UPDATE_SQL's parameters for `input` (its currency and contact changes are not its part). */
function profileUpdateParams(platformId: string, customerUuid: string, input: CustomerUpdate): unknown[] {
  const { customerType, umaAddress, region, currencies: _c, email: _e, phoneNumber: _p, ...profileFields } = input;
  const { businessInfo, ...fields } = profileFields as typeof profileFields & { businessInfo?: object };
  return [
    customerUuid,
    platformId,
    customerType,
    JSON.stringify(fields),
    businessInfo === undefined ? null : JSON.stringify(businessInfo),
    umaAddress ?? null,
    region ?? null,
  ];
}

async function mappingUmaConflict<T>(umaAddress: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError("UMA_ADDRESS_EXISTS", `UMA address ${umaAddress} is already in use`);
    throw err;
  }
}

export async function updateCustomer(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  input: CustomerUpdate,
  gate?: ContactGate,
) {
  assertKnownTermsVersion(input.endUserTermsConsent);
  const { currencies, email, phoneNumber, umaAddress } = input;
  // Without a currency or contact change (which add accounts or may need the holder's signed retry), one statement.
  const uuid = parseApiId("Customer", customerId);
  if (uuid && currencies === undefined && email === undefined && phoneNumber === undefined) {
    const [updated] = await mappingUmaConflict(umaAddress, () =>
      queryRows<CustomerRow>(PROFILE_UPDATE_SQL, profileUpdateParams(platformId, uuid, input)),
    );
    if (updated) return { kind: "done" as const, value: await serializeOneCustomer(db, platformId, updated) };
  }
  // The general path, which also says why the statement above changed nothing (404, 409, 400).
  const row = await loadActiveCustomerForWrite(db, platformId, customerId);
  if (row.customerType !== input.customerType) {
    throw invalidField("customerType", `customerType cannot change; this customer is ${row.customerType}`, "ENUM");
  }
  const contact = contactChangeOf(row, { email, phoneNumber });
  assertSingleContactChange(contact);
  // An email/phone tied to embedded-wallet OTP credentials changes only by signed retry.
  const approval = gate ? await gate(row, contact) : null;
  if (approval?.kind === "challenge" || approval?.kind === "processing") return approval;
  // A retry a crash interrupted had already applied the change: the customer as it is now is its answer.
  if (approval?.kind === "done")
    return { kind: "done" as const, value: await serializeOneCustomer(db, platformId, row) };

  const updated = await mappingUmaConflict(umaAddress, () =>
    db.$transaction(async (tx) => {
      const [merged] = await tx.$queryRawUnsafe<CustomerRow[]>(
        PROFILE_UPDATE_SQL,
        ...profileUpdateParams(platformId, row.id, input),
      );
      if (!merged) throw new DomainError("CONFLICT", `Customer ${customerId} has been deleted and cannot be changed`);
      let next: CustomerRow = merged;
      if (currencies) {
        next = await tx.customer.update({ where: { id: row.id }, data: { currencies: [...new Set(currencies)] } });
        await addCustomerCurrencyAccounts(tx, platformId, row.id, currencies);
      }
      next = await changeCustomerContact(tx, next, contact);
      if (approval) await approval.apply(tx);
      return next;
    }),
  );
  return { kind: "done" as const, value: await serializeOneCustomer(db, platformId, updated) };
}

/** Soft delete: the customer stays readable with isDeleted true; deleting again is 410 CUSTOMER_DELETED. */
export async function deleteCustomer(db: PrismaClient, platformId: string, customerId: string) {
  const row = await getCustomerOrThrow(db, platformId, customerId, { includeDeleted: true });
  const { count } = await db.customer.updateMany({
    where: { id: row.id, platformId, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (count === 0) throw new DomainError("CUSTOMER_DELETED", `Customer ${customerId} has already been deleted`);
  const deleted = await db.customer.findUniqueOrThrow({ where: { id: row.id } });
  return serializeOneCustomer(db, platformId, deleted);
}

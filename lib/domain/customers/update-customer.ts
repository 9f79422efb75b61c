// PATCH /customers/{customerId} and DELETE (soft). A final KYC/KYB status is
// never re-derived from a renamed customer: only verification changes status.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation } from "../../db/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { addCustomerCurrencyAccounts } from "../accounts/internal-accounts";
import { getCustomerOrThrow } from "./retrieve-customer";
import type { CustomerUpdate } from "./schemas";
import { serializeOneCustomer } from "./serialize";
import { assertKnownTermsVersion } from "./terms";
import { assertSingleContactChange, changeCustomerContact, contactChangeOf, type ContactGate } from "./contact";

export async function loadActiveCustomerForWrite(db: PrismaClient, platformId: string, customerId: string) {
  const row = await getCustomerOrThrow(db, platformId, customerId, { includeDeleted: true });
  // 409, not 410: the reference documents 410 CUSTOMER_DELETED only on DELETE; a change to a deleted customer is
  // a conflict with its state (the customer stays readable, isDeleted true).
  if (row.deletedAt) throw new DomainError("CONFLICT", `Customer ${customerId} has been deleted and cannot be changed`);
  return row;
}

export async function updateCustomer(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  input: CustomerUpdate,
  gate?: ContactGate,
) {
  const row = await loadActiveCustomerForWrite(db, platformId, customerId);
  if (row.customerType !== input.customerType) {
    throw invalidField("customerType", `customerType cannot change; this customer is ${row.customerType}`, "ENUM");
  }
  assertKnownTermsVersion(input.endUserTermsConsent);
  const { customerType: _type, currencies, email, phoneNumber, umaAddress, region, ...profileFields } = input;
  const contact = contactChangeOf(row, { email, phoneNumber });
  assertSingleContactChange(contact);
  // An email/phone tied to embedded-wallet OTP credentials changes only by signed retry.
  const approval = gate ? await gate(row, contact) : null;
  if (approval?.kind === "challenge" || approval?.kind === "processing") return approval;
  // A retry a crash interrupted had already applied the change: the customer as it is now is its answer.
  if (approval?.kind === "done")
    return { kind: "done" as const, value: await serializeOneCustomer(db, platformId, row) };

  const profile = { ...((row.profile ?? {}) as Record<string, unknown>) };
  for (const [key, value] of Object.entries(profileFields)) {
    if (value === undefined) continue;
    if (key === "businessInfo")
      profile.businessInfo = { ...((profile.businessInfo ?? {}) as object), ...(value as object) };
    else profile[key] = value;
  }
  try {
    const updated = await db.$transaction(async (tx) => {
      let next = await tx.customer.update({
        where: { id: row.id },
        data: {
          profile: profile as object,
          ...(currencies ? { currencies: [...new Set(currencies)] } : {}),
          ...(umaAddress !== undefined ? { umaAddress } : {}),
          ...(region !== undefined ? { region } : {}),
        },
      });
      if (currencies) await addCustomerCurrencyAccounts(tx, platformId, row.id, currencies);
      next = await changeCustomerContact(tx, next, contact);
      if (approval) await approval.apply(tx);
      return next;
    });
    return { kind: "done" as const, value: await serializeOneCustomer(db, platformId, updated) };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError("UMA_ADDRESS_EXISTS", `UMA address ${umaAddress} is already in use`);
    throw err;
  }
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

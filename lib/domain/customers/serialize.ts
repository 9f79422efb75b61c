// Customer rows to API responses. `identifier` is write-only (never returned);
// contactVerification appears only for customers whose region mandates it;
// businesses carry their beneficial owners.
import "server-only";
import type { Db } from "../../db/client";
import { toApiId } from "../../ids";
import { serializeBeneficialOwner, type BeneficialOwnerRow } from "./beneficial-owner";
import { requiresScaAndContactVerification } from "./regions";

export interface CustomerRow {
  id: string;
  platformCustomerId: string;
  customerType: string;
  kycStatus: string | null;
  kybStatus: string | null;
  region: string | null;
  email: string | null;
  phoneNumber: string | null;
  umaAddress: string;
  currencies: string[];
  profile: unknown;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a customers row as a CustomerRow, for statements that return one (create, update). */
export const CUSTOMER_ROW_COLUMNS = `id::text, platform_customer_id AS "platformCustomerId",
      customer_type AS "customerType",
      kyc_status AS "kycStatus", kyb_status AS "kybStatus", region, email, phone_number AS "phoneNumber",
      uma_address AS "umaAddress", currencies, profile, deleted_at AS "deletedAt", created_at AS "createdAt",
      updated_at AS "updatedAt"`;

export interface ContactState {
  verifiedEmail: string | null;
  verifiedPhone: string | null;
}

export interface CustomerExtras {
  contact?: ContactState | null;
  beneficialOwners?: BeneficialOwnerRow[];
}

const WRITE_ONLY_PROFILE_FIELDS = new Set(["identifier"]);

/**
 * Email/phone verification state: a channel is required when the customer has that contact; VERIFIED once its current
 * value was confirmed.
 */
export function contactVerificationOf(
  row: Pick<CustomerRow, "region" | "email" | "phoneNumber">,
  contact: ContactState | null | undefined,
) {
  if (!requiresScaAndContactVerification(row.region)) return undefined;
  const out: { email?: "PENDING" | "VERIFIED"; phone?: "PENDING" | "VERIFIED" } = {};
  if (row.email) out.email = contact?.verifiedEmail === row.email ? "VERIFIED" : "PENDING";
  if (row.phoneNumber) out.phone = contact?.verifiedPhone === row.phoneNumber ? "VERIFIED" : "PENDING";
  return out;
}

export function serializeCustomer(row: CustomerRow, extras: CustomerExtras = {}) {
  const profile = Object.fromEntries(
    Object.entries((row.profile ?? {}) as Record<string, unknown>).filter(([k]) => !WRITE_ONLY_PROFILE_FIELDS.has(k)),
  );
  const contactVerification = contactVerificationOf(row, extras.contact);
  const out: Record<string, unknown> = {
    id: toApiId("Customer", row.id),
    platformCustomerId: row.platformCustomerId,
    customerType: row.customerType,
    umaAddress: row.umaAddress,
    ...(row.region ? { region: row.region } : {}),
    currencies: row.currencies,
    ...(row.email ? { email: row.email } : {}),
    ...(row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
    ...profile,
    ...(row.customerType === "INDIVIDUAL" ? { kycStatus: row.kycStatus } : { kybStatus: row.kybStatus }),
    ...(contactVerification ? { contactVerification } : {}),
    ...(row.customerType === "BUSINESS"
      ? { beneficialOwners: (extras.beneficialOwners ?? []).map(serializeBeneficialOwner) }
      : {}),
    isDeleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return out;
}

/** Loads what serializeCustomer needs beyond the row, for many customers in two queries. */
export async function loadCustomerExtras(
  db: Db,
  platformId: string,
  rows: CustomerRow[],
): Promise<Map<string, CustomerExtras>> {
  const scaIds = rows.filter((r) => requiresScaAndContactVerification(r.region)).map((r) => r.id);
  const businessIds = rows.filter((r) => r.customerType === "BUSINESS").map((r) => r.id);
  const [contacts, owners] = await Promise.all([
    scaIds.length ? db.customerSca.findMany({ where: { platformId, customerId: { in: scaIds } } }) : [],
    businessIds.length
      ? db.beneficialOwner.findMany({ where: { platformId, customerId: { in: businessIds } }, orderBy: { id: "asc" } })
      : [],
  ]);
  return extrasOf(rows, contacts, owners);
}

/** Each customer's extras from its contact state and its owners (in id order), however they were read. */
export function extrasOf(
  rows: Pick<CustomerRow, "id">[],
  contacts: (ContactState & { customerId: string })[],
  owners: BeneficialOwnerRow[],
): Map<string, CustomerExtras> {
  const out = new Map<string, CustomerExtras>(rows.map((r) => [r.id, {}]));
  for (const c of contacts) out.get(c.customerId)!.contact = c;
  for (const o of owners) (out.get(o.customerId)!.beneficialOwners ??= []).push(o);
  return out;
}

export async function serializeCustomers(db: Db, platformId: string, rows: CustomerRow[]) {
  const extras = await loadCustomerExtras(db, platformId, rows);
  return rows.map((r) => serializeCustomer(r, extras.get(r.id)));
}

export async function serializeOneCustomer(db: Db, platformId: string, row: CustomerRow) {
  return (await serializeCustomers(db, platformId, [row]))[0];
}

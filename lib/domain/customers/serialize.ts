// Customer rows to API responses.
import { toApiId } from "../../ids";

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

export function serializeCustomer(row: CustomerRow, extra: Record<string, unknown> = {}) {
  const profile = (row.profile ?? {}) as Record<string, unknown>;
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
    isDeleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
  return out;
}

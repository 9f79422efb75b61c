// Customers of the admin's platform with their verification state. Read from
// the database, scoped to the BFF's platform: the API on main has no list yet.
import "server-only";
import type { Db } from "../../db/client";
import { toApiId } from "../../ids";

export async function listCustomers(db: Db, platformId: string, limit = 100) {
  const rows = await db.customer.findMany({ where: { platformId, deletedAt: null }, orderBy: { id: "desc" }, take: limit });
  return rows.map((c) => ({
    id: toApiId("Customer", c.id),
    platformCustomerId: c.platformCustomerId,
    customerType: c.customerType,
    name: String((c.profile as { fullName?: string; businessInfo?: { legalName?: string } }).fullName ?? (c.profile as { businessInfo?: { legalName?: string } }).businessInfo?.legalName ?? ""),
    email: c.email,
    kycStatus: c.kycStatus,
    kybStatus: c.kybStatus,
    createdAt: c.createdAt.toISOString(),
  }));
}

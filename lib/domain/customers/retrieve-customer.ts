// GET /customers/{customerId}, and the lookup other groups use to load a
// customer of the calling platform (404 for anyone else's).
import "server-only";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { parseApiId } from "../../ids";
import { serializeOneCustomer, type CustomerRow } from "./serialize";

export async function getCustomerOrThrow(
  db: Db,
  platformId: string,
  customerId: string,
  opts: { includeDeleted?: boolean } = {},
): Promise<CustomerRow> {
  const uuid = parseApiId("Customer", customerId);
  const row = uuid ? await db.customer.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row || (row.deletedAt && !opts.includeDeleted))
    throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  return row;
}

export async function retrieveCustomer(db: Db, platformId: string, customerId: string) {
  return serializeOneCustomer(
    db,
    platformId,
    await getCustomerOrThrow(db, platformId, customerId, { includeDeleted: true }),
  );
}

/**
 * The platform's active customer with this platformCustomerId (the legacy GET /customers/kyc-link names
 * customers so).
 */
export async function customerByPlatformCustomerId(
  db: Db,
  platformId: string,
  platformCustomerId: string,
): Promise<CustomerRow> {
  const row = await db.customer.findFirst({ where: { platformId, platformCustomerId, deletedAt: null } });
  if (!row) throw new DomainError("USER_NOT_FOUND", `No customer with platformCustomerId ${platformCustomerId}`);
  return row;
}

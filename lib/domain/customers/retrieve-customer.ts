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

/** What the payment and invitation paths need of the customer at a UMA address. */
export interface UmaAddressee {
  id: string;
  platformCustomerId: string;
  umaAddress: string;
  currencies: string[];
}

/**
 * The platform's active customer at this UMA address, compared case-insensitively and literally, through the
 * lower(uma_address) index whatever the number of customers. (Prisma's case-insensitive equals is an ILIKE: no
 * index serves it, and it reads `_` and `%` in an address as wildcards.)
 */
export async function customerAtUmaAddress(db: Db, platformId: string, address: string): Promise<UmaAddressee | null> {
  const [row] = await db.$queryRaw<UmaAddressee[]>`
    SELECT id, platform_customer_id AS "platformCustomerId", uma_address AS "umaAddress", currencies FROM customers
     WHERE platform_id = ${platformId}::uuid AND lower(uma_address) = lower(${address}) AND deleted_at IS NULL`;
  return row ?? null;
}

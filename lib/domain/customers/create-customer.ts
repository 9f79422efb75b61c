// POST /customers: creates an individual or business with its internal
// accounts in one transaction. platformCustomerId and umaAddress are unique
// among the platform's active customers (partial unique indexes), so
// concurrent creates with the same value yield exactly one customer.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { newUuid } from "../../ids";
import { individualKycAtCreation } from "../../sandbox/kyc";
import { getPlatformSettings } from "../platform/config";
import { createCustomerAccounts, customerAccountRows } from "../accounts/internal-accounts";
import type { CustomerCreate } from "./schemas";
import { serializeOneCustomer, type CustomerRow } from "./serialize";
import { assertKnownTermsVersion } from "./terms";
import { emitCustomerStatusWebhook, hasStatusWebhook } from "./status";

/** `opts.id`: the customer's id when the caller must recognise it later (a bulk import row resumed after a crash). */
export async function createCustomer(
  db: PrismaClient,
  platformId: string,
  input: CustomerCreate,
  opts: { id?: string } = {},
) {
  assertKnownTermsVersion(input.endUserTermsConsent);
  const platform = await getPlatformSettings(db, platformId);
  const id = opts.id ?? newUuid();
  const { customerType, platformCustomerId, region, currencies, email, phoneNumber, umaAddress, ...profile } = input;
  const umaLocal = `${customerType === "BUSINESS" ? "biz" : "user"}.${randomBytes(5).toString("hex")}`;
  const kycStatus = customerType === "INDIVIDUAL" ? individualKycAtCreation(input.fullName, platform) : null;
  try {
    const data = {
      id,
      platformId,
      platformCustomerId: platformCustomerId ?? id,
      customerType,
      kycStatus,
      kybStatus: customerType === "BUSINESS" ? "UNVERIFIED" : null,
      region: region ?? null,
      email: email ?? null,
      phoneNumber: phoneNumber ?? null,
      umaAddress: umaAddress ?? `$${umaLocal}@${platform.umaDomain}`,
      currencies: currencies?.length ? currencies : ["USD"],
      profile: profile as object,
    };
    // The common case (no status webhook at creation) is one statement: the customer and its
    // internal accounts in data-modifying CTEs, atomic on its own and one round trip, where
    // Prisma's nested write took five (BEGIN, two INSERTs, a read-back, COMMIT).
    const row = hasStatusWebhook(data)
      ? await db.$transaction(async (tx) => {
          const created = await tx.customer.create({ data });
          await createCustomerAccounts(tx, platformId, id, created.currencies);
          await emitCustomerStatusWebhook(tx, platformId, created);
          return created;
        })
      : await insertCustomerWithAccounts(db, data);
    return serializeOneCustomer(db, platformId, row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const text = String((err as Error).message) + JSON.stringify((err as { meta?: unknown }).meta ?? {});
      if (/uma_address/.test(text))
        throw new DomainError("UMA_ADDRESS_EXISTS", `UMA address ${umaAddress} is already in use`);
      throw new DomainError(
        "CONFLICT",
        `An active customer with platformCustomerId ${platformCustomerId} already exists`,
        {
          platformCustomerId,
        },
      );
    }
    throw err;
  }
}

type NewCustomer = Omit<CustomerRow, "deletedAt" | "createdAt" | "updatedAt"> & { platformId: string };

async function insertCustomerWithAccounts(db: PrismaClient, data: NewCustomer): Promise<CustomerRow> {
  const accounts = customerAccountRows(data.platformId, data.currencies).map((a) => ({
    id: a.id,
    currency: a.currency,
    type: a.type,
    private_enabled: a.privateEnabled,
  }));
  const rows = await db.$queryRaw<CustomerRow[]>`
    WITH c AS (
      INSERT INTO customers (id, platform_id, platform_customer_id, customer_type, kyc_status, kyb_status, region,
        email, phone_number, uma_address, currencies, profile)
      VALUES (${data.id}::uuid, ${data.platformId}::uuid, ${data.platformCustomerId}, ${data.customerType},
        ${data.kycStatus}, ${data.kybStatus}, ${data.region}, ${data.email}, ${data.phoneNumber}, ${data.umaAddress},
        ${data.currencies}::text[], ${JSON.stringify(data.profile ?? {})}::jsonb)
      RETURNING *
    ), accounts AS (
      INSERT INTO internal_accounts (id, platform_id, customer_id, currency, type, private_enabled)
      SELECT r.id, c.platform_id, c.id, r.currency, r.type, r.private_enabled
        FROM c, jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
          AS r(id uuid, currency text, type text, private_enabled boolean)
    )
    SELECT id::text, platform_customer_id AS "platformCustomerId", customer_type AS "customerType",
      kyc_status AS "kycStatus", kyb_status AS "kybStatus", region, email, phone_number AS "phoneNumber",
      uma_address AS "umaAddress", currencies, profile, deleted_at AS "deletedAt", created_at AS "createdAt",
      updated_at AS "updatedAt"
    FROM c`;
  return rows[0];
}

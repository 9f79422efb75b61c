// POST /customers: creates an individual or business with its internal
// accounts in one transaction. platformCustomerId and umaAddress are unique
// among the platform's active customers (partial unique indexes), so
// concurrent creates with the same value yield exactly one customer.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation, queryRows } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { newUuid, randomHex } from "../../ids";
import { individualKycAtCreation, validationSkipped } from "../../sandbox/kyc";
import { getPlatformSettings } from "../platform/config";
import { createCustomerAccounts, customerAccountRows } from "../accounts/internal-accounts";
import type { CustomerCreate } from "./schemas";
import { CUSTOMER_ROW_COLUMNS, serializeOneCustomer, type CustomerRow } from "./serialize";
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
  const id = opts.id ?? newUuid();
  const { customerType, platformCustomerId, region, currencies, email, phoneNumber, umaAddress, ...profile } = input;
  const umaLocal = `${customerType === "BUSINESS" ? "biz" : "user"}.${randomHex(5)}`;
  const fields = {
    id,
    platformId,
    platformCustomerId: platformCustomerId ?? id,
    customerType,
    kybStatus: customerType === "BUSINESS" ? "UNVERIFIED" : null,
    region: region ?? null,
    email: email ?? null,
    phoneNumber: phoneNumber ?? null,
    currencies: currencies?.length ? currencies : ["USD"],
    profile: profile as object,
  };
  try {
    // The common case, a platform that verifies its customers (neither regulated nor skipping the
    // paperwork): every new customer starts UNVERIFIED, so no status webhook fires and the customer,
    // its internal accounts and the platform's UMA domain are one statement, one round trip. The
    // statement checks the platform's mode itself and inserts nothing when it does not hold.
    if (!platformsSkippingValidation.has(platformId)) {
      const row = await insertCustomerWithAccounts({
        ...fields,
        kycStatus: customerType === "INDIVIDUAL" ? "UNVERIFIED" : null,
        umaAddress: umaAddress ?? null,
        umaLocal,
      });
      if (row) return serializeOneCustomer(db, platformId, row);
    }
    // Otherwise (or when the platform turned out to skip validation): read its settings first.
    const platform = await getPlatformSettings(db, platformId);
    if (validationSkipped(platform)) platformsSkippingValidation.add(platformId);
    else platformsSkippingValidation.delete(platformId);
    const data = {
      ...fields,
      kycStatus: customerType === "INDIVIDUAL" ? individualKycAtCreation(input.fullName, platform) : null,
      umaAddress: umaAddress ?? `$${umaLocal}@${platform.umaDomain}`,
    };
    const row = hasStatusWebhook(data)
      ? await db.$transaction(async (tx) => {
          const created = await tx.customer.create({ data });
          await createCustomerAccounts(tx, platformId, id, created.currencies);
          await emitCustomerStatusWebhook(tx, platformId, created);
          return created;
        })
      : await insertCustomerWithAccounts({ ...data, umaLocal, requireVerifyingPlatform: false });
    if (!row) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
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

/**
 * Platforms seen skipping KYC validation (regulated, or "skip verification paperwork"): their
 * creates go straight to the settings read. Only a hint for which path to try first; the
 * statement itself checks the mode, so a stale entry costs one round trip, never a wrong status.
 */
const platformsSkippingValidation = new Set<string>();

type NewCustomer = Omit<CustomerRow, "deletedAt" | "createdAt" | "updatedAt" | "umaAddress"> & {
  platformId: string;
  /** Null: `$<umaLocal>@<the platform's UMA domain>`, read in the same statement. */
  umaAddress: string | null;
  umaLocal: string;
  /** Insert only when the platform verifies its customers (neither regulated nor skipping paperwork). */
  requireVerifyingPlatform?: boolean;
};

/** The customer and its internal accounts in one statement; null when the platform (in that mode) is not there. */
async function insertCustomerWithAccounts(data: NewCustomer): Promise<CustomerRow | null> {
  const accounts = customerAccountRows(data.platformId, data.currencies).map((a) => ({
    id: a.id,
    currency: a.currency,
    type: a.type,
    private_enabled: a.privateEnabled,
  }));
  const verifyingOnly = data.requireVerifyingPlatform !== false;
  const rows = await queryRows<CustomerRow>(
    `WITH c AS (
      INSERT INTO customers (id, platform_id, platform_customer_id, customer_type, kyc_status, kyb_status, region,
        email, phone_number, uma_address, currencies, profile)
      SELECT $1::uuid, p.id, $2, $3, $4, $5, $6, $7, $8,
        coalesce($9::text, '$' || $10::text || '@' || p.uma_domain),
        $11::text[], $12::jsonb
        FROM platforms p
       WHERE p.id = $13::uuid
         AND (NOT $14::boolean
              OR NOT (p.is_regulated_financial_institution OR p.skip_verification_paperwork))
      RETURNING *
    ), accounts AS (
      INSERT INTO internal_accounts (id, platform_id, customer_id, currency, type, private_enabled)
      SELECT r.id, c.platform_id, c.id, r.currency, r.type, r.private_enabled
        FROM c, jsonb_to_recordset($15::jsonb)
          AS r(id uuid, currency text, type text, private_enabled boolean)
    )
    SELECT ${CUSTOMER_ROW_COLUMNS} FROM c`,
    [
      data.id,
      data.platformCustomerId,
      data.customerType,
      data.kycStatus,
      data.kybStatus,
      data.region,
      data.email,
      data.phoneNumber,
      data.umaAddress,
      data.umaLocal,
      data.currencies,
      JSON.stringify(data.profile ?? {}),
      data.platformId,
      verifyingOnly,
      JSON.stringify(accounts),
    ],
  );
  return rows[0] ?? null;
}

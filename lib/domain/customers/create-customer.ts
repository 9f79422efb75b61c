// POST /customers: creates an individual or business with its internal
// accounts in one transaction. platformCustomerId and umaAddress are unique
// among the platform's active customers (partial unique indexes), so
// concurrent creates with the same value yield exactly one customer.
import "server-only";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { isUniqueViolation } from "../../db/client";
import { ApiError } from "../../kernel/errors";
import { newUuid } from "../../ids";
import { individualKycAtCreation } from "../../sandbox/kyc";
import { getPlatformSettings } from "../platform/config";
import { createCustomerAccounts, customerAccountRows } from "../accounts/internal-accounts";
import type { CustomerCreate } from "./schemas";
import { serializeOneCustomer } from "./serialize";
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
    // The common case (no status webhook at creation) is one nested write, which Prisma runs as a
    // single batched transaction; an interactive transaction costs several more round trips.
    const row = hasStatusWebhook(data)
      ? await db.$transaction(async (tx) => {
          const created = await tx.customer.create({ data });
          await createCustomerAccounts(tx, platformId, id, created.currencies);
          await emitCustomerStatusWebhook(tx, platformId, created);
          return created;
        })
      : await db.customer.create({
          data: {
            ...data,
            internalAccounts: { createMany: { data: customerAccountRows(platformId, data.currencies) } },
          },
        });
    return serializeOneCustomer(db, platformId, row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const text = String((err as Error).message) + JSON.stringify((err as { meta?: unknown }).meta ?? {});
      if (/uma_address/.test(text))
        throw new ApiError("UMA_ADDRESS_EXISTS", `UMA address ${umaAddress} is already in use`);
      throw new ApiError(
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

// External accounts: create, list, retrieve, delete, and the sandbox bank
// validation job. Customer accounts have a customerId; accounts on behalf of
// the platform have none (POST /platform/external-accounts, or POST
// /customers/external-accounts without customerId, as the reference allows).
import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { db as defaultDb, isUniqueViolation, queryRows } from "../../db/client";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidInput, type FieldError } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { emitWebhook } from "../../webhooks/outbox";
import { enqueueJob, type JobOutcome, type JobRecord } from "../../jobs/queue";
import { sandboxDelayMs } from "../../sandbox/time";
import { BANK_VALIDATION_MS, nameVerificationFor, peekNameVerification } from "../../sandbox/external-accounts";
import { currencyInfo } from "../currencies";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import { getPlatformSettings } from "../platform/config";
import { PAYMENT_RAILS, PRIMARY_IDENTIFIER_FIELDS, variantCurrency } from "./account-types";
import type { ExternalAccountCreate } from "./schemas";
import { nextStatus, type ExternalAccountEvent } from "./status";
import { SIGNATURE_WALLETS } from "./wallet-signature";
import { assertLivenessProvider, livenessLink, newLivenessToken } from "./liveness-token";

export type ExternalAccountRow = NonNullable<Awaited<ReturnType<PrismaClient["externalAccount"]["findFirst"]>>>;
export type Scope = "customer" | "platform";
export type OwnershipMethod = "WALLET_SIGNATURE" | "LIVENESS";

type AccountInfo = Record<string, unknown> & { accountType: string };

/** A stored account's accountInfo (a JSON column, written only from a validated create): checked, not cast. */
export function storedAccountInfo(row: { id: string; accountInfo: unknown }): AccountInfo {
  const info = row.accountInfo;
  if (typeof info === "object" && info !== null && !Array.isArray(info) && "accountType" in info) {
    const { accountType } = info;
    if (typeof accountType === "string") return { ...info, accountType };
  }
  throw new Error(`External account ${row.id} has no stored accountType`);
}

/** Fiat accounts always name their rails: the ones given at creation, else every rail of the variant. */
function withPaymentRails(info: AccountInfo): AccountInfo {
  const rails = PAYMENT_RAILS[info.accountType];
  return rails && !info.paymentRails ? { ...info, paymentRails: rails } : info;
}

export function serializeExternalAccount(row: ExternalAccountRow) {
  return {
    id: toApiId("ExternalAccount", row.id),
    ...(row.customerId ? { customerId: toApiId("Customer", row.customerId) } : {}),
    status: row.status,
    ...(row.platformAccountId ? { platformAccountId: row.platformAccountId } : {}),
    ...(row.ownershipType ? { ownershipType: row.ownershipType } : {}),
    currency: row.currency,
    defaultUmaDepositAccount: row.defaultUmaDepositAccount,
    ...(row.beneficiaryVerificationStatus ? { beneficiaryVerificationStatus: row.beneficiaryVerificationStatus } : {}),
    ...(row.beneficiaryVerifiedData
      ? { beneficiaryVerifiedData: row.beneficiaryVerifiedData as { fullName: string } }
      : {}),
    accountInfo: withPaymentRails(storedAccountInfo(row)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The identifier whose trailing digits steer the sandbox (spec: account number, IBAN, CLABE, address ...). */
export function primaryIdentifier(info: AccountInfo): string {
  for (const f of PRIMARY_IDENTIFIER_FIELDS) {
    const v = info[f];
    if (typeof v === "string" && v.length > 0) return v;
  }
  return "";
}

const NON_IDENTIFYING = new Set([
  "beneficiary",
  "bankName",
  "vaspName",
  "rail",
  "provider",
  "bankAccountType",
  "intermediaryBankName",
  "fiToFiInformation",
]);

/** Same type, currency and identifying fields (case and spaces ignored) = the same account. */
export function fingerprintOf(currency: string, info: AccountInfo): string {
  const parts = Object.keys(info)
    .filter((k) => !NON_IDENTIFYING.has(k) && typeof info[k] === "string")
    .sort()
    .map((k) => `${k}=${String(info[k]).replace(/\s+/g, "").toUpperCase()}`);
  return `${currency}|${parts.join("|")}`;
}

function beneficiaryName(info: AccountInfo): string | null {
  const b = info.beneficiary as { fullName?: string; legalName?: string } | undefined;
  return b?.fullName ?? b?.legalName ?? null;
}

function currencyErrors(currency: string, info: AccountInfo): FieldError[] {
  const fiat = variantCurrency(info.accountType);
  const kind = currencyInfo(currency)?.kind;
  const bad = (message: string): FieldError[] => [{ field: "currency", constraint: "INVALID", message }];
  if (fiat && info.accountType !== "SWIFT_ACCOUNT")
    return fiat === currency ? [] : bad(`${info.accountType} accounts hold ${fiat}`);
  if (info.accountType === "SWIFT_ACCOUNT") return kind === "FIAT" ? [] : bad("SWIFT accounts hold a fiat currency");
  if (info.accountType === "LIGHTNING") return currency === "BTC" ? [] : bad("Lightning accounts hold BTC");
  return kind === "CRYPTO" ? [] : bad(`${info.accountType} accounts hold a crypto currency such as USDC`);
}

export async function findExternalAccount(
  db: Db,
  platformId: string,
  id: string,
  scope: Scope,
): Promise<ExternalAccountRow> {
  const uuid = parseApiId("ExternalAccount", id);
  const row = uuid
    ? await db.externalAccount.findFirst({
        where: { id: uuid, platformId, deletedAt: null, ...(scope === "platform" ? { customerId: null } : {}) },
      })
    : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `External account ${id} not found`);
  return row;
}

export async function createExternalAccount(db: PrismaClient, platformId: string, input: ExternalAccountCreate) {
  const {
    countries: _countries,
    platformAccountId: nestedPlatformAccountId,
    ...given
  } = input.accountInfo as AccountInfo;
  const { paymentRails: _rails, ...withoutRails } = given;
  const info: AccountInfo = PAYMENT_RAILS[given.accountType] ? given : withoutRails;
  const errors = currencyErrors(input.currency, info);
  const platformAccountId = input.platformAccountId ?? (nestedPlatformAccountId as string | undefined);
  if (input.platformAccountId && nestedPlatformAccountId && nestedPlatformAccountId !== input.platformAccountId)
    errors.push({
      field: "accountInfo.platformAccountId",
      constraint: "INVALID",
      message: "Differs from platformAccountId; give it once",
    });
  const isWallet = info.accountType.endsWith("_WALLET");
  const name = beneficiaryName(info);
  // The common case: a valid bank account (the wallet rules need the platform's Travel Rule mode), not the
  // customer's default UMA deposit account (which clears the previous one), whose name check settles at once (no
  // validation job). The customer's check and the insert are then one statement, one round trip; when the
  // customer (or the platform) is not there it inserts nothing and the full path below answers as before.
  if (errors.length === 0 && !isWallet && !input.defaultUmaDepositAccount) {
    const outcome = name === null ? null : peekNameVerification(primaryIdentifier(info));
    const customerUuid = input.customerId ? parseApiId("Customer", input.customerId) : null;
    if (outcome !== "PENDING" && outcome !== "INVALID" && (customerUuid || !input.customerId)) {
      const fingerprint = fingerprintOf(input.currency, info);
      const create = { ...input, platformAccountId };
      const row = await insertBankAccount(platformId, customerUuid, create, info, fingerprint, outcome, name).catch(
        (err: unknown) => refuseDuplicate(db, platformId, customerUuid, fingerprint, err),
      );
      if (row) {
        if (name !== null) nameVerificationFor(primaryIdentifier(info)); // records the sandbox rule it followed
        return serializeExternalAccount(row);
      }
    }
  }
  const customer = input.customerId ? await getCustomerOrThrow(db, platformId, input.customerId) : null;
  if (input.defaultUmaDepositAccount && !customer) {
    errors.push({
      field: "defaultUmaDepositAccount",
      constraint: "INVALID",
      message: "Only a customer's account can be its default UMA deposit account",
    });
  }
  const selfCustody = isWallet && info.vaspName === undefined;
  const settings = await getPlatformSettings(db, platformId);
  // Counterparty rules (EU Travel Rule) apply on regulated platforms.
  const travelRule = settings.isRegulatedFinancialInstitution;
  if (travelRule && selfCustody && !input.ownershipType) {
    errors.push({
      field: "ownershipType",
      constraint: "REQUIRED",
      message: "Required for self-custody wallets on this platform",
    });
  }
  if (travelRule && isWallet && input.ownershipType === "THIRD_PARTY" && info.beneficiary === undefined) {
    errors.push({
      field: "accountInfo.beneficiary",
      constraint: "REQUIRED",
      message: "Required for third-party wallets on this platform",
    });
  }
  if (errors.length > 0)
    throw invalidInput(errors, errors.length === 1 ? errors[0].message! : `${errors.length} invalid fields`);

  let verification: string | null = null;
  let verifiedData: { fullName: string } | null = null;
  if (name !== null && !isWallet) {
    const outcome = nameVerificationFor(primaryIdentifier(info));
    if (outcome === "INVALID")
      throw new DomainError("INVALID_BANK_ACCOUNT", "The bank account is permanently invalid and cannot be added");
    verification = outcome;
    verifiedData = verifiedDataOf(outcome, name);
  }
  const status =
    verification === "PENDING"
      ? "PENDING"
      : travelRule && selfCustody && input.ownershipType === "FIRST_PARTY"
        ? "PENDING_OWNERSHIP_VERIFICATION"
        : "ACTIVE";

  const id = newUuid();
  const fingerprint = fingerprintOf(input.currency, info);
  try {
    const row = await db.$transaction(async (tx) => {
      if (input.defaultUmaDepositAccount && customer) {
        await tx.externalAccount.updateMany({
          where: { platformId, customerId: customer.id, defaultUmaDepositAccount: true, deletedAt: null },
          data: { defaultUmaDepositAccount: false },
        });
      }
      const created = await tx.externalAccount.create({
        data: {
          id,
          platformId,
          customerId: customer?.id ?? null,
          status,
          currency: input.currency,
          accountType: info.accountType,
          accountInfo: info as object,
          fingerprint,
          platformAccountId: platformAccountId ?? null,
          ownershipType: input.ownershipType ?? null,
          defaultUmaDepositAccount: input.defaultUmaDepositAccount ?? false,
          beneficiaryVerificationStatus: verification,
          beneficiaryVerifiedData: verifiedData ?? undefined,
        },
      });
      if (status === "PENDING") {
        await enqueueJob(tx, {
          type: "external-account.bank-validation",
          platformId,
          payload: { externalAccountId: id },
          delayMs: sandboxDelayMs(BANK_VALIDATION_MS),
        });
      }
      return created;
    });
    return serializeExternalAccount(row);
  } catch (err) {
    return refuseDuplicate(db, platformId, customer?.id ?? null, fingerprint, err);
  }
}

/** An insert's unique violation as the API answers it: the equivalent account, else a concurrent default. */
async function refuseDuplicate(
  db: PrismaClient,
  platformId: string,
  customerId: string | null,
  fingerprint: string,
  err: unknown,
): Promise<never> {
  if (!isUniqueViolation(err)) throw err;
  const dup = await db.externalAccount.findFirst({ where: { platformId, customerId, fingerprint, deletedAt: null } });
  if (dup) {
    throw new DomainError("DUPLICATE_EXTERNAL_ACCOUNT", "An equivalent external account already exists", {
      existingExternalAccountId: toApiId("ExternalAccount", dup.id),
    });
  }
  throw new DomainError("CONFLICT", "Another default UMA deposit account was set at the same time; retry");
}

/** The name a bank reports back for the beneficiary: as given when matched, first and last name when partly. */
function verifiedDataOf(outcome: string | null, name: string | null): { fullName: string } | null {
  if (name === null) return null;
  if (outcome === "MATCHED") return { fullName: name };
  if (outcome === "PARTIAL_MATCH")
    return {
      fullName: name
        .toUpperCase()
        .split(/\s+/)
        .filter((_, i, a) => i === 0 || i === a.length - 1)
        .join(" "),
    };
  return null;
}

const EXTERNAL_ACCOUNT_COLUMNS = `id, platform_id AS "platformId", customer_id AS "customerId", status, currency,
  account_type AS "accountType", account_info AS "accountInfo", fingerprint, platform_account_id AS "platformAccountId",
  ownership_type AS "ownershipType", default_uma_deposit_account AS "defaultUmaDepositAccount",
  beneficiary_verification_status AS "beneficiaryVerificationStatus",
  beneficiary_verified_data AS "beneficiaryVerifiedData", trusted, ownership_challenge AS "ownershipChallenge",
  deleted_at AS "deletedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * The platform's external accounts with these ids, not deleted. By their primary key alone (`OFFSET 0`): the planner
 * otherwise walked the partial unique index over every active account of the platform (measured in bench:api).
 */
const EXTERNAL_ACCOUNTS_BY_ID_SQL = `SELECT * FROM (SELECT ${EXTERNAL_ACCOUNT_COLUMNS} FROM external_accounts
  WHERE id = ANY($1::uuid[]) OFFSET 0) a WHERE "platformId" = $2::uuid AND "deletedAt" IS NULL`;

/**
 * The platform's active external accounts with these ids (the read of transfers and quotes): one statement on the
 * pool, or, inside an interactive transaction (which may have just made the account), that transaction's own read.
 */
export async function externalAccountsById(db: Db, platformId: string, uuids: string[]): Promise<ExternalAccountRow[]> {
  if (db !== defaultDb())
    return db.externalAccount.findMany({ where: { platformId, deletedAt: null, id: { in: uuids } } });
  return queryRows<ExternalAccountRow>(EXTERNAL_ACCOUNTS_BY_ID_SQL, [uuids, platformId]);
}

/**
 * An ACTIVE bank account in one statement, inserted only when the platform exists and the customer (if any) is
 * its, not deleted; null otherwise. A duplicate raises the unique violation as the full path's insert does. The
 * customer is found by its primary key alone (`OFFSET 0` keeps the platform and deletion checks out of that scan):
 * otherwise the planner, with no statistics yet on a fast-grown table, scanned the partial unique index on
 * (platform_id, lower(uma_address)) through every active customer of the platform (docs/performance.md, h20docs).
 */
async function insertBankAccount(
  platformId: string,
  customerUuid: string | null,
  input: ExternalAccountCreate,
  info: AccountInfo,
  fingerprint: string,
  verification: string | null,
  name: string | null,
): Promise<ExternalAccountRow | null> {
  const verifiedData = verifiedDataOf(verification, name);
  const rows = await queryRows<ExternalAccountRow>(
    `INSERT INTO external_accounts (id, platform_id, customer_id, status, currency, account_type, account_info,
       fingerprint, platform_account_id, ownership_type, default_uma_deposit_account, beneficiary_verification_status,
       beneficiary_verified_data)
     SELECT $1::uuid, p.id, c.id, 'ACTIVE', $4, $5, $6::jsonb, $7, $8, $9, false, $10, $11::jsonb
       FROM platforms p
       LEFT JOIN (SELECT id, platform_id, deleted_at FROM customers WHERE id = $3::uuid OFFSET 0) c
         ON c.platform_id = p.id AND c.deleted_at IS NULL
      WHERE p.id = $2::uuid AND ($3::uuid IS NULL OR c.id IS NOT NULL)
     RETURNING ${EXTERNAL_ACCOUNT_COLUMNS}`,
    [
      newUuid(),
      platformId,
      customerUuid,
      input.currency,
      info.accountType,
      JSON.stringify(info),
      fingerprint,
      input.platformAccountId ?? null,
      input.ownershipType ?? null,
      verification,
      verifiedData ? JSON.stringify(verifiedData) : null,
    ],
  );
  return rows[0] ?? null;
}

export async function listExternalAccounts(
  db: Db,
  platformId: string,
  scope: Scope,
  q: PaginationQuery & { customerId?: string; currency?: string },
) {
  let customerFilter: string | null | { not: null } | undefined = scope === "platform" ? null : undefined;
  if (scope === "customer" && q.customerId) {
    const uuid = parseApiId("Customer", q.customerId);
    if (!uuid) throw invalidInput([{ field: "customerId", constraint: "FORMAT", message: "Expected Customer:<uuid>" }]);
    customerFilter = uuid;
  }
  const where = {
    platformId,
    deletedAt: null,
    ...(customerFilter !== undefined ? { customerId: customerFilter } : {}),
    ...(q.currency ? { currency: q.currency } : {}),
  };
  const args = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.externalAccount.findMany({ where: { ...where, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
    db.externalAccount.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, serializeExternalAccount);
}

export async function deleteExternalAccount(db: Db, platformId: string, id: string, scope: Scope): Promise<void> {
  const row = await findExternalAccount(db, platformId, id, scope);
  const res = await db.externalAccount.updateMany({
    where: { id: row.id, platformId, deletedAt: null, trusted: false },
    data: { deletedAt: new Date(), defaultUmaDepositAccount: false },
  });
  if (res.count === 0) {
    const again = await db.externalAccount.findUnique({ where: { id: row.id } });
    if (again?.trusted && !again.deletedAt) {
      throw new DomainError(
        "BENEFICIARY_TRUSTED",
        "This external account is a trusted beneficiary; untrust it first via POST " +
          "/customers/external-accounts/{externalAccountId}/untrust and its /confirm",
      );
    }
    throw new DomainError("REFERENCE_NOT_FOUND", `External account ${id} not found`);
  }
}

/** Applies one status transition of the table, with its webhook, inside `tx`. */
export async function transitionExternalAccount(
  tx: Db,
  row: ExternalAccountRow,
  event: ExternalAccountEvent,
  extra: Record<string, unknown> = {},
) {
  const to = nextStatus(row.status, event);
  if (!to) throw new DomainError("CONFLICT", `External account is ${row.status}; ${event} does not apply`);
  const res = await tx.externalAccount.updateMany({
    where: { id: row.id, status: row.status, deletedAt: null },
    data: { status: to, ...extra },
  });
  if (res.count === 0) throw new DomainError("CONFLICT", "External account changed concurrently; retry");
  const updated = await tx.externalAccount.findUniqueOrThrow({ where: { id: row.id } });
  const body = serializeExternalAccount(updated);
  await emitWebhook(tx, row.platformId, "EXTERNAL_ACCOUNT.STATUS_UPDATED", body);
  return body;
}

export const OWNERSHIP_CHALLENGE_TTL_MS = 10 * 60_000;

export async function startOwnershipChallenge(
  db: Db,
  platformId: string,
  id: string,
  scope: Scope,
  method: OwnershipMethod = "WALLET_SIGNATURE",
) {
  const row = await findExternalAccount(db, platformId, id, scope);
  if (method === "LIVENESS") assertLivenessProvider();
  else if (!SIGNATURE_WALLETS.includes(row.accountType)) {
    throw invalidInput([
      {
        field: "method",
        constraint: "INVALID",
        message: `WALLET_SIGNATURE ownership proofs are supported for ${SIGNATURE_WALLETS.join(", ")}`,
      },
    ]);
  }
  if (!nextStatus(row.status, "OWNERSHIP_VERIFIED")) {
    throw new DomainError("CONFLICT", `External account is ${row.status}; ownership verification is not pending`);
  }
  const expiresAt = new Date(Date.now() + OWNERSHIP_CHALLENGE_TTL_MS).toISOString();
  if (method === "LIVENESS") {
    const { token, stored } = newLivenessToken(expiresAt);
    await db.externalAccount.update({ where: { id: row.id }, data: { ownershipChallenge: stored } });
    return { method, verificationLink: livenessLink(token), expiresAt };
  }
  const address = String(storedAccountInfo(row).address);
  const messageToSign =
    `Meridian wallet ownership verification\nAccount: ${toApiId("ExternalAccount", row.id)}\nAddress: ` +
    `${address}\nNonce: ${randomBytes(16).toString("hex")}\nExpires: ${expiresAt}`;
  const challenge = { method: "WALLET_SIGNATURE", messageToSign, expiresAt };
  await db.externalAccount.update({ where: { id: row.id }, data: { ownershipChallenge: challenge } });
  return challenge;
}

/** The one place an ownership outcome (signature or liveness) moves the account, with its webhook. */
export function settleOwnership(db: PrismaClient, row: ExternalAccountRow, proven: boolean) {
  return db.$transaction((tx) =>
    transitionExternalAccount(tx, row, proven ? "OWNERSHIP_VERIFIED" : "OWNERSHIP_FAILED"),
  );
}

export async function verifyOwnership(
  db: PrismaClient,
  platformId: string,
  id: string,
  scope: Scope,
  signature: string,
  verify: (accountType: string, address: string, message: string, signature: string) => boolean,
) {
  const row = await findExternalAccount(db, platformId, id, scope);
  // Single use: taken (and cleared) atomically before it is checked, whatever the outcome.
  // A LIVENESS challenge is left alone: it completes on its hosted page, never here.
  const taken = await db.$queryRaw<{ old: { messageToSign: string; expiresAt: string } }[]>`
    UPDATE external_accounts e SET ownership_challenge = NULL
      FROM (SELECT id, ownership_challenge AS old FROM external_accounts WHERE id = ${row.id}::uuid FOR UPDATE) o
     WHERE e.id = o.id AND o.old->>'method' = 'WALLET_SIGNATURE'
    RETURNING o.old`;
  const challenge = taken[0]?.old;
  if (!challenge) {
    const open = (row.ownershipChallenge as { method?: string } | null)?.method === "LIVENESS";
    throw new DomainError(
      "CONFLICT",
      open
        ? "The open ownership challenge is LIVENESS; it completes at its verificationLink " +
            "and its outcome arrives as EXTERNAL_ACCOUNT.STATUS_UPDATED, not through " +
            "/verify"
        : "No ownership challenge is open; start one with POST .../challenge",
    );
  }
  if (Date.parse(challenge.expiresAt) < Date.now()) {
    throw invalidInput([
      { field: "signature", constraint: "INVALID", message: "The ownership challenge expired; start a new one" },
    ]);
  }
  const ok = verify(row.accountType, String(storedAccountInfo(row).address), challenge.messageToSign, signature);
  const body = await settleOwnership(db, row, ok);
  if (!ok) {
    throw invalidInput([
      {
        field: "signature",
        constraint: "INVALID",
        message:
          "The signature does not prove control of this wallet; the account is now " +
          "UNVERIFIED, start a new challenge to retry",
      },
    ]);
  }
  return body;
}

/** Sandbox: the micro-entry validation of a PENDING bank account completes. */
export async function bankValidationJob(job: JobRecord): Promise<JobOutcome> {
  const db = defaultDb();
  const row = await db.externalAccount.findFirst({
    where: { id: String(job.payload.externalAccountId), deletedAt: null },
  });
  if (!row || row.status !== "PENDING") return;
  const name = beneficiaryName(storedAccountInfo(row));
  await db.$transaction((tx) =>
    transitionExternalAccount(tx, row, "BANK_VALIDATED", {
      beneficiaryVerificationStatus: "MATCHED",
      ...(name ? { beneficiaryVerifiedData: { fullName: name } } : {}),
    }),
  );
}

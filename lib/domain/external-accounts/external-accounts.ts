// External accounts: create, list, retrieve, delete, and the sandbox bank
// validation job. Customer accounts have a customerId; accounts on behalf of
// the platform have none (POST /platform/external-accounts, or POST
// /customers/external-accounts without customerId, as the reference allows).
import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { db as defaultDb, isUniqueViolation } from "../../db/client";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidInput, type FieldError } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { emitWebhook } from "../../webhooks/outbox";
import { enqueueJob, type JobOutcome, type JobRecord } from "../../jobs/queue";
import { sandboxDelayMs } from "../../sandbox/time";
import { BANK_VALIDATION_MS, nameVerificationFor } from "../../sandbox/external-accounts";
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
    accountInfo: withPaymentRails(row.accountInfo as AccountInfo),
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
  const customer = input.customerId ? await getCustomerOrThrow(db, platformId, input.customerId) : null;
  if (input.defaultUmaDepositAccount && !customer) {
    errors.push({
      field: "defaultUmaDepositAccount",
      constraint: "INVALID",
      message: "Only a customer's account can be its default UMA deposit account",
    });
  }
  const isWallet = info.accountType.endsWith("_WALLET");
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
  const name = beneficiaryName(info);
  if (name !== null && !isWallet) {
    const outcome = nameVerificationFor(primaryIdentifier(info));
    if (outcome === "INVALID")
      throw new DomainError("INVALID_BANK_ACCOUNT", "The bank account is permanently invalid and cannot be added");
    verification = outcome;
    if (outcome === "MATCHED") verifiedData = { fullName: name };
    if (outcome === "PARTIAL_MATCH")
      verifiedData = {
        fullName: name
          .toUpperCase()
          .split(/\s+/)
          .filter((_, i, a) => i === 0 || i === a.length - 1)
          .join(" "),
      };
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
    if (!isUniqueViolation(err)) throw err;
    const dup = await db.externalAccount.findFirst({
      where: { platformId, customerId: customer?.id ?? null, fingerprint, deletedAt: null },
    });
    if (dup) {
      throw new DomainError("DUPLICATE_EXTERNAL_ACCOUNT", "An equivalent external account already exists", {
        existingExternalAccountId: toApiId("ExternalAccount", dup.id),
      });
    }
    throw new DomainError("CONFLICT", "Another default UMA deposit account was set at the same time; retry");
  }
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
  const address = String((row.accountInfo as AccountInfo).address);
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
  const ok = verify(
    row.accountType,
    String((row.accountInfo as AccountInfo).address),
    challenge.messageToSign,
    signature,
  );
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
  const name = beneficiaryName(row.accountInfo as AccountInfo);
  await db.$transaction((tx) =>
    transitionExternalAccount(tx, row, "BANK_VALIDATED", {
      beneficiaryVerificationStatus: "MATCHED",
      ...(name ? { beneficiaryVerifiedData: { fullName: name } } : {}),
    }),
  );
}

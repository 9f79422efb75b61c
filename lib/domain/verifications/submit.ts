// POST /verifications: sandbox-resolved exactly as the spec's tables
// (lib/sandbox/kyc.ts). The customer row is locked for the submission, so two
// concurrent submissions resolve one after the other.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { newUuid, toApiId } from "../../ids";
import { emitWebhook } from "../../webhooks/outbox";
import type { WebhookType } from "../../webhooks/types";
import {
  beneficialOwnerKycOutcome,
  businessKybRule,
  individualKycRow,
  isFinalStatus,
  KYB_RULE_OUTCOME,
  kybSkipsValidation,
  type VerificationStatus,
} from "../../sandbox/kyc";
import { getPlatformSettings } from "../platform/config";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import type { CustomerRow } from "../customers/serialize";
import { customerStatusOf, setCustomerStatus } from "../customers/status";
import { evaluatePacket, type VerificationErrorEntry } from "./packet";
import { serializeVerification } from "./serialize";

export async function submitVerification(db: PrismaClient, platformId: string, customerId: string) {
  const found = await getCustomerOrThrow(db, platformId, customerId);
  const platform = await getPlatformSettings(db, platformId);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM customers WHERE id = ${found.id}::uuid FOR UPDATE`;
    const customer = await tx.customer.findUniqueOrThrow({ where: { id: found.id } });
    const status = customerStatusOf(customer);
    if (isFinalStatus(status)) {
      throw new DomainError(
        "INVALID_INPUT",
        `Verification of this customer is final (${status}); it cannot be resubmitted`,
        {
          errors: [
            { field: "customerId", constraint: "INVALID", message: `Customer verification is already ${status}` },
          ],
        },
      );
    }
    const result =
      customer.customerType === "BUSINESS"
        ? await resolveBusiness(tx, platformId, customer, platform)
        : await resolveIndividual(tx, platformId, customer);
    return recordVerification(tx, platformId, customer.id, result.verificationStatus, result.errors);
  });
}

type Resolution = { verificationStatus: VerificationStatus; errors: VerificationErrorEntry[] };

async function resolveIndividual(tx: Db, platformId: string, customer: CustomerRow): Promise<Resolution> {
  const packet = await evaluatePacket(tx, platformId, customer);
  if (packet.errors.length > 0) return { verificationStatus: "RESOLVE_ERRORS", errors: packet.errors };
  const fullName = (customer.profile as Record<string, unknown>).fullName as string;
  const outcome = individualKycRow(fullName).complete;
  if (outcome.verificationStatus === "RESOLVE_ERRORS") {
    return {
      verificationStatus: "RESOLVE_ERRORS",
      errors: [
        {
          resourceId: toApiId("Document", packet.identityDocumentId!),
          type: "POOR_QUALITY_DOCUMENT",
          reason: "The identity document is of poor quality; replace it with PUT /documents/{documentId} and resubmit",
        },
      ],
    };
  }
  await markDocumentsSubmitted(tx, platformId, [customer.id]);
  await setCustomerStatus(tx, platformId, customer, outcome.kycStatus);
  return { verificationStatus: outcome.verificationStatus, errors: [] };
}

async function resolveBusiness(
  tx: Db,
  platformId: string,
  customer: CustomerRow,
  platform: { isRegulatedFinancialInstitution: boolean; skipVerificationPaperwork: boolean },
): Promise<Resolution> {
  const info = ((customer.profile as Record<string, unknown>).businessInfo ?? {}) as Record<string, unknown>;
  const rule = businessKybRule(info.registrationNumber as string | undefined);
  if (!kybSkipsValidation(rule, platform)) {
    const packet = await evaluatePacket(tx, platformId, customer);
    if (packet.errors.length > 0) return { verificationStatus: "RESOLVE_ERRORS", errors: packet.errors };
  }
  const outcome = KYB_RULE_OUTCOME[rule];
  const owners = await tx.beneficialOwner.findMany({ where: { platformId, customerId: customer.id } });
  await markDocumentsSubmitted(tx, platformId, [customer.id, ...owners.map((o) => o.id)]);
  await setCustomerStatus(tx, platformId, customer, outcome.kybStatus);
  await resolveBeneficialOwners(tx, platformId, owners);
  return { verificationStatus: outcome.verificationStatus, errors: [] };
}

/** When a business resolves terminally, each owner resolves by the last 3 characters of lastName. */
export async function resolveBeneficialOwners(
  tx: Db,
  platformId: string,
  owners: { id: string; personalInfo: unknown }[],
): Promise<void> {
  for (const owner of owners) {
    const lastName = ((owner.personalInfo ?? {}) as Record<string, unknown>).lastName as string | undefined;
    await tx.beneficialOwner.update({
      where: { id: owner.id },
      data: { kycStatus: beneficialOwnerKycOutcome(lastName) },
    });
  }
}

async function markDocumentsSubmitted(tx: Db, platformId: string, holderIds: string[]): Promise<void> {
  await tx.document.updateMany({
    where: { platformId, holderId: { in: holderIds }, submittedAt: null },
    data: { submittedAt: new Date() },
  });
}

async function recordVerification(
  tx: Db,
  platformId: string,
  customerId: string,
  status: VerificationStatus,
  errors: VerificationErrorEntry[],
) {
  const row = await tx.verification.create({
    data: { id: newUuid(), platformId, customerId, status, errors: errors as object[] },
  });
  const body = serializeVerification(row);
  await emitWebhook(tx, platformId, `VERIFICATION.${status}` as WebhookType, body);
  return body;
}

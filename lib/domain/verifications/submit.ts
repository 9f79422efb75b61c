// POST /verifications: sandbox-resolved exactly as the spec's tables
// (lib/sandbox/kyc.ts). A submission that changes the customer's status holds
// its row lock, so two concurrent ones resolve one after the other.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { queryRows, type Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { toJsonText } from "../../kernel/json";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { emitWebhook, outboxCtes, outboxRows } from "../../webhooks/outbox";
import type { WebhookType } from "../../webhooks/types";
import {
  beneficialOwnerKycOutcome,
  businessKybRule,
  individualKycRow,
  isFinalStatus,
  KYB_RULE_OUTCOME,
  kybSkipsValidation,
  type KycStatus,
  type PlatformKycMode,
  type VerificationStatus,
} from "../../sandbox/kyc";
import { CUSTOMER_ROW_COLUMNS, type CustomerRow } from "../customers/serialize";
import { customerStatusOf, setCustomerStatus } from "../customers/status";
import { packetOf, type PacketParts, type VerificationErrorEntry } from "./packet";
import { serializeVerification } from "./serialize";

/**
 * Everything a submission is decided from, in one statement: the customer (with its row version, `xmin`), the
 * platform's KYC mode, the owners, the documents of customer and owners (each in id order) and the contact state. The
 * customer is found by its primary key alone (`OFFSET 0`, see agents' CREATE_SQL for the generic plan it avoids).
 */
const SUBMISSION_SQL = `SELECT ${CUSTOMER_ROW_COLUMNS}, c.xmin::text AS version,
    (SELECT json_build_object('isRegulatedFinancialInstitution', is_regulated_financial_institution,
                              'skipVerificationPaperwork', skip_verification_paperwork)
       FROM platforms WHERE id = $1::uuid) AS platform,
    (SELECT coalesce(json_agg(json_build_object('id', o.id, 'personalInfo', o.personal_info) ORDER BY o.id), '[]')
       FROM beneficial_owners o WHERE o.platform_id = $1::uuid AND o.customer_id = c.id) AS owners,
    (SELECT coalesce(json_agg(json_build_object('id', d.id, 'holderId', d.holder_id, 'documentType', d.document_type)
                              ORDER BY d.id), '[]')
       FROM documents d
      WHERE d.platform_id = $1::uuid
        AND d.holder_id IN (SELECT c.id UNION ALL SELECT o.id FROM beneficial_owners o
                                                   WHERE o.platform_id = $1::uuid AND o.customer_id = c.id)
    ) AS documents,
    (SELECT json_build_object('verifiedEmail', s.verified_email, 'verifiedPhone', s.verified_phone)
       FROM customer_sca s WHERE s.customer_id = c.id) AS contact
  FROM (SELECT *, xmin FROM customers WHERE id = $2::uuid OFFSET 0) c
 WHERE c.platform_id = $1::uuid AND c.deleted_at IS NULL`;

interface SubmissionRow extends CustomerRow {
  version: string;
  platform: PlatformKycMode | null;
  owners: OwnerRow[];
  documents: PacketParts["documents"];
  contact: PacketParts["contact"];
}
type OwnerRow = { id: string; personalInfo: unknown };

/**
 * A packet's problems recorded as they are, in one statement, while the customer is still at the version they were
 * decided from (its `xmin`): the verification and its VERIFICATION.RESOLVE_ERRORS event with their delivery job.
 */
const RECORD_ERRORS_SQL = `WITH verification AS (
    INSERT INTO verifications (id, platform_id, customer_id, status, errors, created_at, updated_at)
    SELECT $3::uuid, c.platform_id, c.id, 'RESOLVE_ERRORS', $5::jsonb, $6::timestamptz, $6::timestamptz
      FROM (SELECT id, platform_id, deleted_at, xmin FROM customers WHERE id = $2::uuid OFFSET 0) c
     WHERE c.platform_id = $1::uuid AND c.deleted_at IS NULL AND c.xmin = $4::xid
    RETURNING platform_id
  ), ${outboxCtes({
    from: "verification",
    platformId: "verification.platform_id",
    eventId: "$7",
    type: "'VERIFICATION.RESOLVE_ERRORS'",
    payload: "$8::jsonb",
    sandboxRules: "ARRAY(SELECT jsonb_array_elements_text($9::jsonb))",
    jobId: "$10",
    jobPayload: "$11",
  })}
  SELECT count(*)::int AS recorded FROM event`;

/**
 * POST /verifications. A submission whose packet has problems (the usual answer while a platform is still collecting
 * them) changes nothing but its own record: one read and one write, the write fenced on the customer's row version.
 * One that resolves the customer (once in its life for a final status), or whose customer changed in between, is
 * decided again and applied in a transaction holding the customer's row lock, so two such submissions resolve one
 * after the other.
 */
export async function submitVerification(db: PrismaClient, platformId: string, customerId: string) {
  const customerUuid = parseApiId("Customer", customerId);
  const [found] = customerUuid ? await queryRows<SubmissionRow>(SUBMISSION_SQL, [platformId, customerUuid]) : [];
  if (!found) throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  const decision = decide(found);
  if (decision.verificationStatus === "RESOLVE_ERRORS") {
    const at = new Date();
    const id = newUuid();
    const body = serializeVerification({
      id,
      customerId: found.id,
      status: decision.verificationStatus,
      errors: decision.errors,
      createdAt: at,
      updatedAt: at,
    });
    const rows = outboxRows("VERIFICATION.RESOLVE_ERRORS", body, at);
    const [written] = await queryRows<{ recorded: number }>(RECORD_ERRORS_SQL, [
      platformId,
      found.id,
      id,
      found.version,
      toJsonText(decision.errors),
      at,
      rows.event.id,
      rows.event.payload,
      JSON.stringify(rows.event.sandboxRules),
      rows.job.id,
      rows.job.payload,
    ]);
    if (written?.recorded === 1) return body;
  }
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM customers WHERE id = ${found.id}::uuid FOR UPDATE`;
    const [locked] = await tx.$queryRawUnsafe<SubmissionRow[]>(SUBMISSION_SQL, platformId, found.id);
    if (!locked) throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
    const outcome = decide(locked);
    if (outcome.verificationStatus !== "RESOLVE_ERRORS") {
      await markDocumentsSubmitted(tx, platformId, [locked.id, ...outcome.owners.map((o) => o.id)]);
      await setCustomerStatus(tx, platformId, locked, outcome.customerStatus);
      await resolveBeneficialOwners(tx, platformId, outcome.owners);
    }
    return recordVerification(tx, platformId, locked.id, outcome.verificationStatus, outcome.errors);
  });
}

type Decision =
  | { verificationStatus: "RESOLVE_ERRORS"; errors: VerificationErrorEntry[] }
  | {
      verificationStatus: Exclude<VerificationStatus, "RESOLVE_ERRORS">;
      errors: [];
      customerStatus: KycStatus;
      /** The owners that resolve with their business (none for individuals). */
      owners: OwnerRow[];
    };

/** The sandbox's decision on a submission (lib/sandbox/kyc.ts), from what it was read with; a final status is a 400. */
function decide(s: SubmissionRow): Decision {
  const status = customerStatusOf(s);
  if (isFinalStatus(status)) {
    throw new DomainError(
      "INVALID_INPUT",
      `Verification of this customer is final (${status}); it cannot be resubmitted`,
      {
        errors: [{ field: "customerId", constraint: "INVALID", message: `Customer verification is already ${status}` }],
      },
    );
  }
  if (!s.platform) throw new DomainError("UNAUTHORIZED", "Platform no longer exists");
  const parts = { owners: s.customerType === "BUSINESS" ? s.owners : [], documents: s.documents, contact: s.contact };
  return s.customerType === "BUSINESS" ? decideBusiness(s, s.platform, parts) : decideIndividual(s, parts);
}

function decideIndividual(customer: CustomerRow, parts: PacketParts): Decision {
  const packet = packetOf(customer, parts);
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
  return { verificationStatus: outcome.verificationStatus, errors: [], customerStatus: outcome.kycStatus, owners: [] };
}

function decideBusiness(
  customer: CustomerRow,
  platform: PlatformKycMode,
  parts: PacketParts & { owners: OwnerRow[] },
): Decision {
  const info = ((customer.profile as Record<string, unknown>).businessInfo ?? {}) as Record<string, unknown>;
  const rule = businessKybRule(info.registrationNumber as string | undefined);
  if (!kybSkipsValidation(rule, platform)) {
    const packet = packetOf(customer, parts);
    if (packet.errors.length > 0) return { verificationStatus: "RESOLVE_ERRORS", errors: packet.errors };
  }
  const outcome = KYB_RULE_OUTCOME[rule];
  return {
    verificationStatus: outcome.verificationStatus,
    errors: [],
    customerStatus: outcome.kybStatus,
    owners: parts.owners,
  };
}

/** When a business resolves terminally, each owner resolves by the last 3 characters of lastName. */
async function resolveBeneficialOwners(
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

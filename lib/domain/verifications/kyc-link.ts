// The hosted KYC/KYB flow. POST /customers/{customerId}/kyc-link issues a
// random token (only its SHA-256 is stored) naming a page of Meridian's web
// app (/kyc/<token>) where the customer completes missing data, adds owners
// and uploads documents, then submits — the same submission as POST
// /verifications. The token expires and stops working once a submission
// reaches a decision.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { queryRows } from "../../db/client";
import { currentFence, fenceJson, fenceRefused, isFenceRefusal } from "../../db/idempotency-fence";
import { toJsonText } from "../../kernel/json";
import { DomainError, invalidField } from "../../kernel/errors";
import { appOrigin } from "../../env";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { businessKybRule, FINAL_STATUSES, isFinalStatus, kybSkipsValidation } from "../../sandbox/kyc";
import { getPlatformSettings } from "../platform/config";
import { customerStatusOf } from "../customers/status";
import { evaluatePacket } from "./packet";
import { parseOrThrow } from "../../kernel/validation";
import { updateCustomer } from "../customers/update-customer";
import { BusinessCustomerUpdate, IndividualCustomerUpdate } from "../customers/schemas";
import { BeneficialOwnerCreate } from "./schemas";
import { createBeneficialOwner } from "./beneficial-owners";
import { DocumentUpload } from "../documents/schemas";
import { uploadDocument } from "../documents/documents";
import { submitVerification } from "./submit";

export const KYC_LINK_TTL_MS = 24 * 60 * 60 * 1000;
// the reference's only provider; Meridian's own hosted page stands in for the provider's flow
export const KYC_PROVIDER = "SUMSUB" as const;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The link in one statement, made only for an active customer whose verification is not final (the status is the
 * customer type's, as customerStatusOf reads it), with the request's Idempotency-Key fence when it holds one ($8):
 * the token is stored only hashed, so a retry's answer cannot be read back and the answer is the recovery point.
 */
const LINK_SQL = [false, true].map(
  (fenced) => `WITH c AS (
    SELECT c.id, c.customer_type AS "customerType", c.kyc_status AS "kycStatus", c.kyb_status AS "kybStatus"
      FROM (SELECT id, platform_id, deleted_at, customer_type, kyc_status, kyb_status
              FROM customers WHERE id = $2::uuid OFFSET 0) c
     WHERE c.platform_id = $1::uuid AND c.deleted_at IS NULL
  ), link AS (
    INSERT INTO kyc_links (id, platform_id, customer_id, token_hash, redirect_uri, expires_at)
    SELECT $3::uuid, $1::uuid, c.id, $4, $5, $6::timestamptz FROM c
     WHERE coalesce(CASE WHEN c."customerType" = 'BUSINESS' THEN c."kybStatus" ELSE c."kycStatus" END, 'UNVERIFIED')
           <> ALL($7::text[])
    RETURNING id
  )${fenced ? ", fence AS (SELECT idempotency_fence($8::jsonb) FROM link)" : ""}
  SELECT c."customerType", c."kycStatus", c."kybStatus", (SELECT count(*)::int FROM link) AS made${
    fenced ? ", (SELECT count(*) FROM fence) AS fenced" : ""
  } FROM c`,
);

export async function createKycLink(platformId: string, customerId: string, input: { redirectUri?: string }) {
  const customerUuid = parseApiId("Customer", customerId);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + KYC_LINK_TTL_MS);
  const answer = { kycUrl: `${appOrigin()}/kyc/${token}`, expiresAt: expiresAt.toISOString(), provider: KYC_PROVIDER };
  const id = newUuid();
  const fence = currentFence();
  let found: { customerType: string; kycStatus: string | null; kybStatus: string | null; made: number } | undefined;
  try {
    [found] = customerUuid
      ? await queryRows<NonNullable<typeof found>>(LINK_SQL[fence ? 1 : 0], [
          platformId,
          customerUuid,
          id,
          hashToken(token),
          input.redirectUri ?? null,
          expiresAt,
          FINAL_STATUSES,
          ...(fence ? [toJsonText(fenceJson(fence, { kind: "kycLink", id, answer }))] : []),
        ])
      : [];
  } catch (err) {
    if (isFenceRefusal(err)) throw fenceRefused();
    throw err;
  }
  if (!found) throw new DomainError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  if (found.made === 0) {
    const final = `Verification of this customer is final (${customerStatusOf(found)}); there is nothing to complete`;
    throw invalidField("customerId", final);
  }
  return answer;
}

/** The link and its customer for a token, or 404 for unknown, expired, used or deleted-customer links. */
export async function resolveKycLink(db: PrismaClient, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
    throw new DomainError("REFERENCE_NOT_FOUND", "This verification link is not valid");
  const link = await db.kycLink.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!link || link.expiresAt.getTime() <= Date.now())
    throw new DomainError(
      "REFERENCE_NOT_FOUND",
      "This verification link is not valid or has expired; ask for a new one",
    );
  const customer = await db.customer.findFirst({
    where: { id: link.customerId, platformId: link.platformId, deletedAt: null },
  });
  if (!customer) throw new DomainError("REFERENCE_NOT_FOUND", "This verification link is not valid");
  return { link, customer };
}

/** What the hosted page shows: the customer's non-secret details, what is missing, owners and documents. */
export async function kycLinkState(db: PrismaClient, token: string) {
  const { link, customer } = await resolveKycLink(db, token);
  const platform = await getPlatformSettings(db, link.platformId);
  const profile = (customer.profile ?? {}) as Record<string, unknown>;
  const status = customerStatusOf(customer);
  const skips =
    customer.customerType === "BUSINESS" &&
    kybSkipsValidation(
      businessKybRule(
        (profile.businessInfo as Record<string, unknown> | undefined)?.registrationNumber as string | undefined,
      ),
      platform,
    );
  const packet = await evaluatePacket(db, link.platformId, customer);
  const owners = await db.beneficialOwner.findMany({
    where: { platformId: link.platformId, customerId: customer.id },
    orderBy: { id: "asc" },
  });
  const documents = await db.document.findMany({
    where: { platformId: link.platformId, holderId: { in: [customer.id, ...owners.map((o) => o.id)] } },
    select: { id: true, holderId: true, holderType: true, documentType: true, side: true, fileName: true },
    orderBy: { id: "asc" },
  });
  const { identifier: _secret, endUserTermsConsent: _consent, ...details } = profile;
  return {
    customerId: toApiId("Customer", customer.id),
    customerType: customer.customerType,
    status,
    completed: link.completedAt !== null || isFinalStatus(status),
    hasIdentifier: typeof profile.identifier === "string",
    details,
    requirements: skips ? [] : packet.errors,
    owners: owners.map((o) => {
      const info = o.personalInfo as Record<string, unknown>;
      return {
        id: toApiId("BeneficialOwner", o.id),
        name: `${info.firstName ?? ""} ${info.lastName ?? ""}`.trim(),
        kycStatus: o.kycStatus,
      };
    }),
    documents: documents.map((d) => ({
      id: toApiId("Document", d.id),
      holder: toApiId(d.holderType === "CUSTOMER" ? "Customer" : "BeneficialOwner", d.holderId),
      documentType: d.documentType,
      side: d.side,
      fileName: d.fileName,
    })),
    redirectUri: link.redirectUri,
    expiresAt: link.expiresAt.toISOString(),
  };
}

export async function markKycLinkCompleted(db: PrismaClient, linkId: string) {
  await db.kycLink.update({ where: { id: linkId }, data: { completedAt: new Date() } });
}

// What the customer may change on the hosted page: identity and business
// details, never contact data, UMA address, currencies or region.
const IndividualDetails = IndividualCustomerUpdate.pick({
  fullName: true,
  birthDate: true,
  nationality: true,
  address: true,
  idType: true,
  identifier: true,
  countryOfIssuance: true,
});
const BusinessDetails = BusinessCustomerUpdate.pick({ address: true, businessInfo: true });

async function openLink(db: PrismaClient, token: string) {
  const resolved = await resolveKycLink(db, token);
  if (resolved.link.completedAt || isFinalStatus(customerStatusOf(resolved.customer))) {
    throw new DomainError("CONFLICT", "This verification was already submitted");
  }
  return resolved;
}

export async function updateKycDetails(db: PrismaClient, token: string, body: unknown) {
  const { link, customer } = await openLink(db, token);
  const details =
    customer.customerType === "BUSINESS" ? parseOrThrow(BusinessDetails, body) : parseOrThrow(IndividualDetails, body);
  await updateCustomer(db, link.platformId, toApiId("Customer", customer.id), {
    customerType: customer.customerType,
    ...details,
  } as never);
  return kycLinkState(db, token);
}

export async function addKycOwner(db: PrismaClient, token: string, body: unknown) {
  const { link, customer } = await openLink(db, token);
  if (customer.customerType !== "BUSINESS")
    throw new DomainError("REFERENCE_NOT_FOUND", "Only businesses have beneficial owners");
  const input = parseOrThrow(BeneficialOwnerCreate.omit({ customerId: true }), body);
  await createBeneficialOwner(link.platformId, { ...input, customerId: toApiId("Customer", customer.id) });
  return kycLinkState(db, token);
}

export async function uploadKycDocument(db: PrismaClient, token: string, body: unknown) {
  const { link, customer } = await openLink(db, token);
  const input = parseOrThrow(DocumentUpload, body);
  const owners = await db.beneficialOwner.findMany({
    where: { platformId: link.platformId, customerId: customer.id },
    select: { id: true },
  });
  const allowed = new Set([toApiId("Customer", customer.id), ...owners.map((o) => toApiId("BeneficialOwner", o.id))]);
  if (!allowed.has(input.documentHolder)) throw new DomainError("REFERENCE_NOT_FOUND", "Document holder not found");
  await uploadDocument(db, link.platformId, input);
  return kycLinkState(db, token);
}

export async function submitKycLink(db: PrismaClient, token: string) {
  const { link, customer } = await openLink(db, token);
  const verification = await submitVerification(db, link.platformId, toApiId("Customer", customer.id));
  if (verification.verificationStatus !== "RESOLVE_ERRORS") await markKycLinkCompleted(db, link.id);
  return {
    verification: { verificationStatus: verification.verificationStatus, errors: verification.errors },
    state: await kycLinkState(db, token),
  };
}

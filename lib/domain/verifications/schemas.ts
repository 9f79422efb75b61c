// KYC/KYB verification and beneficial-owner request schemas.
import "server-only";
import { z } from "zod";
import { PaginationQuery } from "../../kernel/pagination";
import { ApiId } from "../common/schemas";
import { BeneficialOwnerPersonalInfo, BeneficialOwnerRole } from "../customers/schemas";

export { BeneficialOwnerResponse } from "../customers/schemas";

export const VerificationCreate = z.object({ customerId: ApiId("Customer") });

export const VerificationListQuery = PaginationQuery.extend({
  customerId: ApiId("Customer").optional(),
  verificationStatus: z
    .enum(["RESOLVE_ERRORS", "PENDING_MANUAL_REVIEW", "IN_PROGRESS", "APPROVED", "REJECTED", "READY_FOR_VERIFICATION"])
    .optional(),
});

export const BeneficialOwnerCreate = z.object({
  customerId: ApiId("Customer"),
  roles: z.array(BeneficialOwnerRole).min(1).max(6),
  ownershipPercentage: z.number().int().min(0).max(100),
  personalInfo: BeneficialOwnerPersonalInfo,
});
export type BeneficialOwnerCreate = z.infer<typeof BeneficialOwnerCreate>;

export const BeneficialOwnerUpdate = z.object({
  roles: z.array(BeneficialOwnerRole).min(1).max(6).optional(),
  ownershipPercentage: z.number().int().min(0).max(100).optional(),
  personalInfo: BeneficialOwnerPersonalInfo.partial().optional(),
});
export type BeneficialOwnerUpdate = z.infer<typeof BeneficialOwnerUpdate>;

export const BeneficialOwnerListQuery = PaginationQuery.extend({ customerId: ApiId("Customer").optional() });

export const KycLinkCreate = z.object({
  redirectUri: z
    .url()
    .max(2048)
    .refine((u) => /^https?:\/\//i.test(u), "redirectUri must start with https:// (or http:// for local development)")
    .optional(),
});

/** The reference's KycLinkResponse; provider is its KycProvider (SUMSUB: lib/domain/verifications/kyc-link.ts). */
export const KycLinkResponse = z.strictObject({
  kycUrl: z.string(),
  expiresAt: z.string(),
  provider: z.enum(["SUMSUB"]),
});

const VerificationStatus = z.enum([
  "RESOLVE_ERRORS",
  "PENDING_MANUAL_REVIEW",
  "IN_PROGRESS",
  "APPROVED",
  "REJECTED",
  "READY_FOR_VERIFICATION",
]);

/** The reference's Verification, exactly as serializeVerification writes it (errors: the packet's problems). */
export const VerificationResponse = z.strictObject({
  id: z.string(),
  customerId: z.string(),
  verificationStatus: VerificationStatus,
  errors: z.array(
    z.strictObject({
      resourceId: z.string(),
      type: z.enum([
        "MISSING_FIELD",
        "INVALID_FIELD",
        "MISSING_LEGAL_PRESENCE_DOCUMENT",
        "MISSING_CONTROL_STRUCTURE_DOCUMENT",
        "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT",
        "MISSING_PROOF_OF_ADDRESS_DOCUMENT",
        "MISSING_IDENTITY_DOCUMENT",
        "INVALID_DOCUMENT",
        "EXPIRED_DOCUMENT",
        "POOR_QUALITY_DOCUMENT",
        "SUSPECTED_FRAUD_DOCUMENT",
        "WRONG_DOCUMENT_TYPE",
        "INCOMPLETE_DOCUMENT",
        "UNREADABLE_DOCUMENT",
        "DOCUMENT_VERIFICATION_FAILED",
        "APPLICANT_SANCTIONED",
        "APPLICANT_FRAUD",
        "APPLICANT_CRIMINAL_RECORD",
        "APPLICANT_REJECTED",
        "MISSING_BENEFICIAL_OWNER",
        "MISSING_CONTROL_PERSON",
        "MISSING_GOOD_STANDING_DOCUMENT",
      ]),
      field: z.string().optional(),
      acceptedDocumentTypes: z.array(z.string()).optional(),
      reason: z.string(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

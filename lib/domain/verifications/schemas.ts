// KYC/KYB verification and beneficial-owner request schemas.
import "server-only";
import { z } from "zod";
import { PaginationQuery } from "../../kernel/pagination";
import { Address, ApiId, CountryCode, DateOnly, E164Phone, Email } from "../common/schemas";
import { IdType } from "../customers/schemas";

export const VerificationCreate = z.object({ customerId: ApiId("Customer") });

export const VerificationListQuery = PaginationQuery.extend({
  customerId: ApiId("Customer").optional(),
  verificationStatus: z
    .enum(["RESOLVE_ERRORS", "PENDING_MANUAL_REVIEW", "IN_PROGRESS", "APPROVED", "REJECTED", "READY_FOR_VERIFICATION"])
    .optional(),
});

export const BeneficialOwnerRole = z.enum([
  "UBO",
  "DIRECTOR",
  "COMPANY_OFFICER",
  "CONTROL_PERSON",
  "TRUSTEE",
  "GENERAL_PARTNER",
]);

export const BeneficialOwnerPersonalInfo = z.object({
  firstName: z.string().trim().min(1).max(255),
  middleName: z.string().trim().max(255).optional(),
  lastName: z.string().trim().min(1).max(255),
  birthDate: DateOnly,
  nationality: CountryCode,
  email: Email.optional(),
  phoneNumber: E164Phone.optional(),
  address: Address,
  idType: IdType,
  identifier: z.string().trim().min(1).max(64),
  countryOfIssuance: CountryCode.optional(),
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

const Loose = z.object({}).loose();
export const VerificationResponse = Loose;
export const BeneficialOwnerResponse = Loose;

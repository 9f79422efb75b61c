// Sandbox KYC/KYB magic values, exactly as the spec's "Sandbox behaviour"
// tables: the last three characters of a name or registration number decide.
// Every outcome rule of customer verification lives here as data; the domain
// code (lib/domain/verifications) only applies them.
import { sandboxSuffix } from "./suffix";
import { noteSandboxRule } from "./rule-trace";

export type KycStatus = "UNVERIFIED" | "PENDING" | "REJECTED" | "APPROVED";
export type VerificationStatus = "PENDING_MANUAL_REVIEW" | "RESOLVE_ERRORS" | "REJECTED" | "APPROVED";

export interface PlatformKycMode {
  isRegulatedFinancialInstitution: boolean;
  skipVerificationPaperwork: boolean;
}

/** Regulated platforms and "Skip verification paperwork" resolve by suffix without asking for paperwork first. */
export function validationSkipped(platform: PlatformKycMode): boolean {
  return platform.isRegulatedFinancialInstitution || platform.skipVerificationPaperwork;
}

/**
 * Individual KYC by the last 3 characters of fullName. `kycStatus` is the
 * status the suffix resolves to; `complete` is what a complete packet on
 * POST /verifications gives (status of the verification and of the customer).
 */
export const INDIVIDUAL_KYC_TABLE: Record<
  string,
  { kycStatus: KycStatus; complete: { verificationStatus: VerificationStatus; kycStatus: KycStatus } }
> = {
  "001": { kycStatus: "PENDING", complete: { verificationStatus: "PENDING_MANUAL_REVIEW", kycStatus: "PENDING" } },
  "002": { kycStatus: "REJECTED", complete: { verificationStatus: "REJECTED", kycStatus: "REJECTED" } },
  "003": { kycStatus: "UNVERIFIED", complete: { verificationStatus: "RESOLVE_ERRORS", kycStatus: "UNVERIFIED" } },
};
const INDIVIDUAL_KYC_DEFAULT = {
  kycStatus: "APPROVED" as KycStatus,
  complete: { verificationStatus: "APPROVED" as VerificationStatus, kycStatus: "APPROVED" as KycStatus },
};

export function individualKycRow(fullName: string | undefined | null) {
  const suffix = sandboxSuffix(fullName);
  const row = INDIVIDUAL_KYC_TABLE[suffix];
  if (row) noteSandboxRule(`kyc.individual.${suffix}`);
  return row ?? INDIVIDUAL_KYC_DEFAULT;
}

export function individualKycOutcome(fullName: string | undefined | null): KycStatus {
  return individualKycRow(fullName).kycStatus;
}

/**
 * Status of a new individual. Unregulated platforms without "Skip verification
 * paperwork" start everyone UNVERIFIED; otherwise the suffix resolves at creation.
 */
export function individualKycAtCreation(fullName: string | undefined | null, platform: PlatformKycMode): KycStatus {
  if (!validationSkipped(platform)) return "UNVERIFIED";
  return individualKycOutcome(fullName);
}

/** Final statuses: POST /verifications answers 400 and renaming never re-derives them. */
export const FINAL_STATUSES: readonly KycStatus[] = ["APPROVED", "REJECTED"];
export function isFinalStatus(status: string | null | undefined): boolean {
  return (FINAL_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/** Beneficial owner KYC by the last 3 characters of lastName, when the business resolves. */
export const BENEFICIAL_OWNER_KYC_SUFFIX: Record<string, KycStatus> = { "001": "PENDING", "002": "REJECTED" };
export function beneficialOwnerKycOutcome(lastName: string | undefined | null): KycStatus {
  const rule = beneficialOwnerKycRule(lastName);
  if (rule.ruleId) noteSandboxRule(rule.ruleId);
  return rule.status;
}
/** The owner's outcome and the sandbox rule that decides it (none for the default), without noting the rule. */
export function beneficialOwnerKycRule(lastName: string | undefined | null): { status: KycStatus; ruleId?: string } {
  const suffix = sandboxSuffix(lastName);
  const status = BENEFICIAL_OWNER_KYC_SUFFIX[suffix];
  return status ? { status, ruleId: `kyc.beneficial-owner.${suffix}` } : { status: "APPROVED" };
}

/**
 * Business KYB by registrationNumber suffix at the first submission.
 * COLLECT_DOCUMENTS (001, 003): no auto-decision; documents and beneficial
 * owners are collected and validated (RESOLVE_ERRORS until complete), and a
 * complete packet is approved. REJECT (002) and APPROVE (others) decide at
 * once where validation is skipped; otherwise only once the packet is complete.
 */
export type KybRule = "COLLECT_DOCUMENTS" | "REJECT" | "APPROVE";
export const BUSINESS_KYB_SUFFIX: Record<string, KybRule> = {
  "001": "COLLECT_DOCUMENTS",
  "003": "COLLECT_DOCUMENTS",
  "002": "REJECT",
};
export function businessKybRule(registrationNumber: string | undefined | null): KybRule {
  const suffix = sandboxSuffix(registrationNumber);
  const rule = BUSINESS_KYB_SUFFIX[suffix];
  if (rule) noteSandboxRule(`kyb.business.${suffix}`);
  return rule ?? "APPROVE";
}

export const KYB_RULE_OUTCOME: Record<
  KybRule,
  { verificationStatus: Exclude<VerificationStatus, "RESOLVE_ERRORS">; kybStatus: KycStatus }
> = {
  COLLECT_DOCUMENTS: { verificationStatus: "APPROVED", kybStatus: "APPROVED" },
  REJECT: { verificationStatus: "REJECTED", kybStatus: "REJECTED" },
  APPROVE: { verificationStatus: "APPROVED", kybStatus: "APPROVED" },
};

/** Whether a business submission is decided without validating the packet (and the hosted flow asks for nothing). */
export function kybSkipsValidation(rule: KybRule, platform: PlatformKycMode): boolean {
  return rule !== "COLLECT_DOCUMENTS" && validationSkipped(platform);
}

/** Document types that satisfy each document requirement (reference VerificationError table). */
export const ACCEPTED_DOCUMENT_TYPES = {
  MISSING_IDENTITY_DOCUMENT: ["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"],
  MISSING_LEGAL_PRESENCE_DOCUMENT: [
    "CERTIFICATE_OF_INCORPORATION",
    "ARTICLES_OF_INCORPORATION",
    "ARTICLES_OF_ASSOCIATION",
    "STATE_REGISTRY_EXCERPT",
  ],
} as const;

/** Fields a complete individual packet needs (dot paths into the customer). */
export const INDIVIDUAL_REQUIRED_FIELDS = [
  "fullName",
  "birthDate",
  "nationality",
  "idType",
  "identifier",
  "address.line1",
  "address.postalCode",
  "address.country",
] as const;
/** Fields a complete business packet needs. */
export const BUSINESS_REQUIRED_FIELDS = [
  "businessInfo.legalName",
  "businessInfo.country",
  "businessInfo.incorporatedOn",
  "businessInfo.taxId",
  "businessInfo.registrationNumber",
  "address.line1",
  "address.postalCode",
  "address.country",
] as const;

// Sandbox KYC/KYB magic values, exactly as the spec's "Sandbox behaviour"
// tables: the last three characters of a name or registration number decide.

export type KycStatus = "UNVERIFIED" | "PENDING" | "REJECTED" | "APPROVED";

export function lastThree(value: string | undefined | null): string {
  return (value ?? "").trim().slice(-3);
}

/** Individual KYC by the last 3 characters of fullName: the status a complete packet resolves to. */
export const INDIVIDUAL_KYC_SUFFIX: Record<string, KycStatus> = {
  "001": "PENDING",
  "002": "REJECTED",
  "003": "UNVERIFIED",
};

export function individualKycOutcome(fullName: string | undefined | null): KycStatus {
  return INDIVIDUAL_KYC_SUFFIX[lastThree(fullName)] ?? "APPROVED";
}

/**
 * Status of a new individual. Unregulated platforms without "Skip verification
 * paperwork" start everyone UNVERIFIED; otherwise the suffix resolves at creation.
 */
export function individualKycAtCreation(fullName: string | undefined | null, platform: { isRegulatedFinancialInstitution: boolean; skipVerificationPaperwork: boolean }): KycStatus {
  if (!platform.isRegulatedFinancialInstitution && !platform.skipVerificationPaperwork) return "UNVERIFIED";
  return individualKycOutcome(fullName);
}

/** Beneficial owner KYC by the last 3 characters of lastName, when the business resolves. */
export function beneficialOwnerKycOutcome(lastName: string | undefined | null): KycStatus {
  const s = lastThree(lastName);
  return s === "001" ? "PENDING" : s === "002" ? "REJECTED" : "APPROVED";
}

/** Business KYB by registrationNumber suffix at first submission. */
export type KybRule = "COLLECT_DOCUMENTS" | "REJECT" | "APPROVE";
export function businessKybRule(registrationNumber: string | undefined | null): KybRule {
  const s = lastThree(registrationNumber);
  if (s === "001" || s === "003") return "COLLECT_DOCUMENTS";
  if (s === "002") return "REJECT";
  return "APPROVE";
}

// The reference's CounterpartyInformation of a customer of the platform, as the other side of a payment
// between two of its customers sees them: their name (FULL_NAME, or COMPANY_LEGAL_NAME for a business).
type Profile = { fullName?: unknown; businessInfo?: { legalName?: unknown } };

export function counterpartyOf(customer: { customerType: string; profile: unknown }): Record<string, string> | null {
  const profile = (customer.profile ?? {}) as Profile;
  const legalName = profile.businessInfo?.legalName;
  if (customer.customerType === "BUSINESS" && typeof legalName === "string" && legalName)
    return { COMPANY_LEGAL_NAME: legalName };
  if (typeof profile.fullName === "string" && profile.fullName) return { FULL_NAME: profile.fullName };
  return null;
}

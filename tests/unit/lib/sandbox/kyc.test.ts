import { describe, expect, it } from "vitest";
import {
  businessKybRule,
  beneficialOwnerKycOutcome,
  individualKycAtCreation,
  individualKycOutcome,
} from "@/lib/sandbox/kyc";

const unregulated = { isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false };
const regulated = { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: false };
const skipPaperwork = { isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true };

describe("sandbox KYC magic values", () => {
  it.each([
    ["Jane Doe 001", "PENDING"],
    ["Jane Doe 002", "REJECTED"],
    ["Jane Doe 003", "UNVERIFIED"],
    ["Jane Doe", "APPROVED"],
  ])("a complete packet for %s resolves to %s", (name, status) => {
    expect(individualKycOutcome(name)).toBe(status);
  });

  it("keeps everyone UNVERIFIED at creation on an unregulated platform without skip paperwork", () => {
    for (const name of ["A 001", "A 002", "A 003", "A"])
      expect(individualKycAtCreation(name, unregulated)).toBe("UNVERIFIED");
  });

  it("resolves at creation on regulated platforms and with skip paperwork", () => {
    for (const platform of [regulated, skipPaperwork]) {
      expect(individualKycAtCreation("A 001", platform)).toBe("PENDING");
      expect(individualKycAtCreation("A 002", platform)).toBe("REJECTED");
      expect(individualKycAtCreation("A 003", platform)).toBe("UNVERIFIED");
      expect(individualKycAtCreation("A", platform)).toBe("APPROVED");
    }
  });

  it("decides businesses by registration number and owners by last name", () => {
    expect(businessKybRule("REG003")).toBe("COLLECT_DOCUMENTS");
    expect(businessKybRule("REG001")).toBe("COLLECT_DOCUMENTS");
    expect(businessKybRule("REG002")).toBe("REJECT");
    expect(businessKybRule("REG123")).toBe("APPROVE");
    expect(beneficialOwnerKycOutcome("Smith001")).toBe("PENDING");
    expect(beneficialOwnerKycOutcome("Smith002")).toBe("REJECTED");
    expect(beneficialOwnerKycOutcome("Smith")).toBe("APPROVED");
  });
});

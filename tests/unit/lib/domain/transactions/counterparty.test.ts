import { describe, expect, it } from "vitest";
import { counterpartyOf } from "../../../../../lib/domain/transactions/counterparty";
import { counterpartyName } from "../../../../../lib/kernel/wording";

describe("the counterparty of a payment between two customers of a platform", () => {
  it("is a person's full name or a business's legal name, as the reference's CounterpartyInformation", () => {
    expect(counterpartyOf({ customerType: "INDIVIDUAL", profile: { fullName: "Alice Ledger" } })).toEqual({
      FULL_NAME: "Alice Ledger",
    });
    expect(counterpartyOf({ customerType: "BUSINESS", profile: { businessInfo: { legalName: "Acme Corp" } } })).toEqual(
      { COMPANY_LEGAL_NAME: "Acme Corp" },
    );
    expect(counterpartyOf({ customerType: "INDIVIDUAL", profile: {} })).toBeNull();
    expect(counterpartyOf({ customerType: "INDIVIDUAL", profile: null })).toBeNull();
  });

  it("is named for people from either field, and not at all without one", () => {
    expect(counterpartyName({ FULL_NAME: "Alice Ledger" })).toBe("Alice Ledger");
    expect(counterpartyName({ COMPANY_LEGAL_NAME: "Acme Corp" })).toBe("Acme Corp");
    expect(counterpartyName({ BIRTH_DATE: "1985-06-15" })).toBeUndefined();
    expect(counterpartyName(undefined)).toBeUndefined();
  });
});

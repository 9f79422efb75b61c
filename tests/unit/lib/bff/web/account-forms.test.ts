// The external-account form is derived from the API's schema: every variant
// has a form, and what it marks required is what the API refuses without.
import { describe, expect, it } from "vitest";
import { accountTypeForms } from "../../../../../lib/bff/web/account-forms";
import { ACCOUNT_TYPES } from "../../../../../lib/domain/external-accounts/account-types";
import { AccountInfoCreate } from "../../../../../lib/domain/external-accounts/schemas";

const forms = accountTypeForms();

describe("external-account forms from the schema", () => {
  it("has one form per accountType, with the table's fields and required flags", () => {
    expect(forms.map((f) => f.accountType).sort()).toEqual(ACCOUNT_TYPES.map((t) => t.accountType).sort());
    for (const t of ACCOUNT_TYPES) {
      const f = forms.find((x) => x.accountType === t.accountType)!;
      expect(
        f.fields.map((x) => [x.path, x.required]),
        t.accountType,
      ).toEqual(t.fields.map((x) => [x.name, x.required === true]));
      expect(f.beneficiary === null, t.accountType).toBe(t.beneficiary === "none");
      expect(f.beneficiary?.required ?? false, t.accountType).toBe(t.beneficiary === "required");
    }
  });

  it("marks a currency's extra beneficiary fields required (EUR: country of residence; JMD: phone)", () => {
    const person = (type: string) =>
      forms.find((f) => f.accountType === type)!.beneficiary!.variants.find((v) => v.beneficiaryType === "INDIVIDUAL")!;
    expect(person("EUR_ACCOUNT").fields.find((f) => f.path === "beneficiary.countryOfResidence")?.required).toBe(true);
    expect(person("USD_ACCOUNT").fields.find((f) => f.path === "beneficiary.countryOfResidence")?.required).toBe(false);
    expect(person("JMD_ACCOUNT").fields.find((f) => f.path === "beneficiary.phoneNumber")?.required).toBe(true);
    expect(
      person("USD_ACCOUNT")
        .fields.filter((f) => f.required)
        .map((f) => f.path),
    ).toEqual([
      "beneficiary.fullName",
      "beneficiary.address.line1",
      "beneficiary.address.postalCode",
      "beneficiary.address.country",
    ]);
  });

  it("leaving out exactly the fields a form marks required is what the schema refuses", () => {
    const usd = forms.find((f) => f.accountType === "USD_ACCOUNT")!;
    const res = AccountInfoCreate.safeParse({
      accountType: "USD_ACCOUNT",
      beneficiary: { beneficiaryType: "INDIVIDUAL", address: {} },
    });
    expect(res.success).toBe(false);
    const missing = new Set(res.error!.issues.map((i) => i.path.join(".")));
    const required = [...usd.fields, ...usd.beneficiary!.variants[0].fields]
      .filter((f) => f.required)
      .map((f) => f.path);
    expect(new Set(required)).toEqual(missing);
  });

  it("offers each fiat variant in its own currency only, and wallets in crypto currencies", () => {
    expect(forms.find((f) => f.accountType === "MXN_ACCOUNT")!.currencies).toEqual(["MXN"]);
    expect(forms.find((f) => f.accountType === "BASE_WALLET")!.currencies).toContain("USDC");
    expect(forms.find((f) => f.accountType === "BASE_WALLET")!.currencies).not.toContain("USD");
    expect(forms.find((f) => f.accountType === "SWIFT_ACCOUNT")!.currencies).toContain("EUR");
  });
});

import { describe, expect, it } from "vitest";
import { CustomerExternalAccountCreate } from "../../../../../lib/domain/external-accounts/schemas";
import { ACCOUNT_TYPES } from "../../../../../lib/domain/external-accounts/account-types";
import { fieldErrorsOf } from "../../../../../lib/kernel/validation";

const address = { line1: "1 Main St", postalCode: "10001", country: "US" };

describe("external account create schema", () => {
  it("lists every invalid field of the chosen variant at once", () => {
    const r = CustomerExternalAccountCreate.safeParse(
      {
        currency: "USD",
        platformAccountId: "x".repeat(256),
        accountInfo: {
          accountType: "USD_ACCOUNT",
          accountNumber: "",
          routingNumber: "12",
          beneficiary: { beneficiaryType: "INDIVIDUAL" },
        },
      },
      { reportInput: true },
    );
    expect(r.success).toBe(false);
    const fields = fieldErrorsOf(r.error!)
      .map((e) => e.field)
      .sort();
    expect(fields).toEqual(
      [
        "accountInfo.accountNumber",
        "accountInfo.beneficiary.address",
        "accountInfo.beneficiary.fullName",
        "accountInfo.routingNumber",
        "platformAccountId",
      ].sort(),
    );
  });

  it("reports an unknown accountType on the discriminator", () => {
    const r = CustomerExternalAccountCreate.safeParse(
      { currency: "USD", accountInfo: { accountType: "NOPE" } },
      { reportInput: true },
    );
    expect(fieldErrorsOf(r.error!)).toEqual([
      expect.objectContaining({ field: "accountInfo.accountType", constraint: "ENUM" }),
    ]);
  });

  it("has a variant for every accountType the spec lists", () => {
    const spec = (
      "AED BDT BRL BWP CAD CNY COP DKK EGP EUR GBP GHS GTQ HKD HTG IDR ILS INR " +
      "JMD KES MWK MXN MYR NGN PHP PKR RWF SGD SLV THB TRY TZS UGX USD VND XAF " +
      "XOF ZAR ZMW SWIFT"
    )
      .split(" ")
      .map((c) => `${c}_ACCOUNT`)
      .concat([
        "BASE_WALLET",
        "ETHEREUM_WALLET",
        "LIGHTNING",
        "POLYGON_WALLET",
        "PLASMA_WALLET",
        "ARBITRUM_WALLET",
        "SOLANA_WALLET",
        "SPARK_WALLET",
        "TRON_WALLET",
      ]);
    expect(ACCOUNT_TYPES.map((t) => t.accountType).sort()).toEqual(spec.sort());
  });

  it("applies per-currency beneficiary rules (EUR needs countryOfResidence) and accepts businesses", () => {
    const eur = {
      accountType: "EUR_ACCOUNT",
      iban: "DE89370400440532013000",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "A B", address },
    };
    const r = CustomerExternalAccountCreate.safeParse({ currency: "EUR", accountInfo: eur }, { reportInput: true });
    expect(fieldErrorsOf(r.error!).map((e) => e.field)).toEqual(["accountInfo.beneficiary.countryOfResidence"]);
    const biz = CustomerExternalAccountCreate.safeParse({
      currency: "EUR",
      accountInfo: { ...eur, beneficiary: { beneficiaryType: "BUSINESS", legalName: "Acme GmbH" } },
    });
    expect(biz.success).toBe(true);
  });

  it("Lightning needs exactly one destination; wallets need no beneficiary", () => {
    expect(
      CustomerExternalAccountCreate.safeParse({ currency: "BTC", accountInfo: { accountType: "LIGHTNING" } }).success,
    ).toBe(false);
    expect(
      CustomerExternalAccountCreate.safeParse({
        currency: "BTC",
        accountInfo: { accountType: "LIGHTNING", lightningAddress: "a@b.com" },
      }).success,
    ).toBe(true);
    expect(
      CustomerExternalAccountCreate.safeParse({
        currency: "USDC",
        accountInfo: { accountType: "SPARK_WALLET", address: "sp1abc" },
      }).success,
    ).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { CURRENCIES } from "@/lib/domain/currencies";
import { fundingInstructions } from "@/lib/domain/accounts/internal-accounts";
import { PaymentInstructions } from "@/lib/kernel/reference-schemas.generated";
import { realtimeInstructions } from "@/lib/domain/quotes/resolve";
import { formatViolation, validateComponent } from "../../../support/contract/reference";

const ACCOUNT_ID = "0190a5a0-1234-7abc-8def-0123456789ab";

describe("sandbox funding instructions", () => {
  it("are the reference's PaymentInstructions for every currency Meridian holds", () => {
    const problems: string[] = [];
    for (const [code, info] of Object.entries(CURRENCIES)) {
      const type = info.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT";
      for (const instruction of fundingInstructions({ id: ACCOUNT_ID, currency: code, type }))
        problems.push(
          ...validateComponent("PaymentInstructions", instruction).map((v) => `${code}: ${formatViolation(v)}`),
        );
    }
    for (const instruction of fundingInstructions({ id: ACCOUNT_ID, currency: "USDB", type: "EMBEDDED_WALLET" }))
      problems.push(...validateComponent("PaymentInstructions", instruction).map(formatViolation));
    expect(problems).toEqual([]);
    // loading and compiling the reference document takes seconds
  }, 120_000);

  it("are exactly the strict schema the API documents (no member the reference lacks)", () => {
    const problems: string[] = [];
    const check = (label: string, value: unknown) => {
      const parsed = PaymentInstructions.safeParse(value);
      if (!parsed.success) problems.push(`${label}: ${parsed.error.message}`);
    };
    for (const [code, info] of Object.entries(CURRENCIES)) {
      const type = info.kind === "CRYPTO" ? "INTERNAL_CRYPTO" : "INTERNAL_FIAT";
      fundingInstructions({ id: ACCOUNT_ID, currency: code, type }).forEach((i) => check(code, i));
      realtimeInstructions(ACCOUNT_ID, code).forEach((i) => check(`${code} real-time funding`, i));
    }
    fundingInstructions({ id: ACCOUNT_ID, currency: "USDB", type: "EMBEDDED_WALLET" }).forEach((i) =>
      check("embedded wallet", i),
    );
    expect(problems).toEqual([]);
  });

  it("are stable for one account and differ between accounts", () => {
    const a = fundingInstructions({ id: ACCOUNT_ID, currency: "GBP", type: "INTERNAL_FIAT" })[0].accountOrWalletInfo;
    const again = fundingInstructions({ id: ACCOUNT_ID, currency: "GBP", type: "INTERNAL_FIAT" })[0]
      .accountOrWalletInfo;
    const other = fundingInstructions({
      id: ACCOUNT_ID.replace("0123", "9876"),
      currency: "GBP",
      type: "INTERNAL_FIAT",
    })[0].accountOrWalletInfo;
    expect(again).toEqual(a);
    expect(other.accountNumber).not.toBe(a.accountNumber);
    expect(a).toMatchObject({
      sortCode: expect.stringMatching(/^\d{6}$/),
      accountNumber: expect.stringMatching(/^\d{8}$/),
    });
  });
});

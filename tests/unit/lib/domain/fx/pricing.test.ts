import { describe, expect, it } from "vitest";
import { checkLimits, convert, exchangeRateOf, price } from "../../../../../lib/domain/fx/pricing";
import { DomainError } from "../../../../../lib/kernel/errors";

describe("quote pricing", () => {
  it("converts with integer maths across decimals (USD cents → JPY-like 0-decimal and BTC sats)", () => {
    expect(convert(10_000n, "USD", "EUR")).toBe(9200n);
    expect(convert(100n, "USD", "VND")).toBe(25400n);
    expect(convert(6_400_000n, "USD", "BTC")).toBe(100_000_000n);
    expect(convert(9200n, "EUR", "USD", "ceil")).toBe(10_000n);
    expect(exchangeRateOf("USD", "MXN")).toBe("17.2");
  });

  it("SENDING lock takes fees out of the amount; RECEIVING lock adds them", () => {
    const fee = { variableFeeBps: 100, fixedFee: 50n };
    expect(price("SENDING", 10_000n, "USD", "EUR", fee)).toEqual({
      totalSendingAmount: 10_000n,
      totalReceivingAmount: 9062n,
      fees: 150n,
      exchangeRate: "0.92",
    });
    expect(price("RECEIVING", 9200n, "USD", "EUR", fee)).toEqual({
      totalSendingAmount: 10_150n,
      totalReceivingAmount: 9200n,
      fees: 150n,
      exchangeRate: "0.92",
    });
  });

  it("refuses amounts eaten by fees and currencies without a rate", () => {
    expect(() => price("SENDING", 10n, "USD", "EUR", { variableFeeBps: 0, fixedFee: 50n })).toThrow(DomainError);
    try {
      price("SENDING", 100n, "SLV", "USD", { variableFeeBps: 0, fixedFee: 0n });
    } catch (err) {
      expect((err as DomainError).code).toBe("QUOTE_RATE_UNAVAILABLE");
    }
  });

  it("applies corridor and withdrawal-currency limits", () => {
    const p = price("SENDING", 5001n, "USD", "EUR", { variableFeeBps: 0, fixedFee: 0n });
    expect(() =>
      checkLimits(
        { transactionLimits: [{ sendingCurrency: "USD", receivingCurrency: "EUR", maxAmount: 5000 }] },
        "USD",
        "EUR",
        p,
      ),
    ).toThrow(/maximum single transaction/);
    expect(() =>
      checkLimits({ transactionLimits: [{ receivingCurrency: "EUR", maxAmount: 4600 }] }, "USD", "EUR", p),
    ).not.toThrow();
    expect(() =>
      checkLimits({ transactionLimits: [{ receivingCurrency: "EUR", maxAmount: 4599 }] }, "USD", "EUR", p),
    ).toThrow(/withdrawal/);
  });
});

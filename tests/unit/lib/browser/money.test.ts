import { describe, expect, it } from "vitest";
import { formatMinor, parseMajorToMinor, totalInUsd } from "../../../../lib/browser/money";

describe("amounts on screen", () => {
  it("formats smallest units with the currency's decimals, without floats", () => {
    expect(formatMinor(1234, "USD", 2)).toBe("12.34 USD");
    expect(formatMinor(5, "USD", 2)).toBe("0.05 USD");
    expect(formatMinor(123456789, "JPY", 0)).toBe("123,456,789 JPY");
    expect(formatMinor("900719925474099312", "BTC", 8)).toBe("9,007,199,254.74099312 BTC");
    expect(formatMinor(-250, "EUR", 2)).toBe("-2.50 EUR");
  });

  it("lists show sensible precision per currency; detail views stay exact", () => {
    expect(formatMinor(0, "USDB", 6)).toBe("0.00 USDB");
    expect(formatMinor(0, "USDB", 6, "exact")).toBe("0.000000 USDB");
    expect(formatMinor(100_000_000, "USDB", 6)).toBe("100.00 USDB");
    expect(formatMinor(1_234_567, "USDB", 6)).toBe("1.23 USDB");
    expect(formatMinor(1_235_000, "USDB", 6)).toBe("1.24 USDB");
    expect(formatMinor(1_234_567, "USDB", 6, "exact")).toBe("1.234567 USDB");
    expect(formatMinor(42, "USDB", 6)).toBe("< 0.01 USDB");
    expect(formatMinor(12_000, "BTC", 8)).toBe("0.00012 BTC");
    expect(formatMinor(100_000_000, "BTC", 8)).toBe("1 BTC");
    expect(formatMinor(0, "BTC", 8)).toBe("0 BTC");
    expect(formatMinor(1234, "USD", 2)).toBe("12.34 USD");
  });

  it("totals US-dollar money in cents and leaves other currencies beside it", () => {
    const usd = { code: "USD", decimals: 2 };
    const usdb = { code: "USDB", decimals: 6 };
    const btc = { code: "BTC", decimals: 8 };
    const t = totalInUsd([
      { amount: 1050, currency: usd },
      { amount: 2_500_000, currency: usdb },
      { amount: 5, currency: btc },
      { amount: 0, currency: btc },
    ]);
    expect(t.cents).toBe(1300n);
    expect(t.others).toEqual([{ amount: 5, currency: btc }]);
  });

  it("parses typed major amounts into smallest units, refusing what does not fit", () => {
    expect(parseMajorToMinor("12.34", 2)).toBe(1234n);
    expect(parseMajorToMinor("1,000", 2)).toBe(100000n);
    expect(parseMajorToMinor("0.1", 2)).toBe(10n);
    expect(parseMajorToMinor("7", 0)).toBe(7n);
    expect(parseMajorToMinor("0.123", 2)).toBeNull();
    expect(parseMajorToMinor("0", 2)).toBeNull();
    expect(parseMajorToMinor("-5", 2)).toBeNull();
    expect(parseMajorToMinor("1e3", 2)).toBeNull();
    expect(parseMajorToMinor("", 2)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { formatMinor, parseMajorToMinor } from "../../../../lib/browser/money";

describe("amounts on screen", () => {
  it("formats smallest units with the currency's decimals, without floats", () => {
    expect(formatMinor(1234, "USD", 2)).toBe("12.34 USD");
    expect(formatMinor(5, "USD", 2)).toBe("0.05 USD");
    expect(formatMinor(123456789, "JPY", 0)).toBe("123,456,789 JPY");
    expect(formatMinor("900719925474099312", "BTC", 8)).toBe("9,007,199,254.74099312 BTC");
    expect(formatMinor(-250, "EUR", 2)).toBe("-2.50 EUR");
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

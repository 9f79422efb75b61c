import { describe, expect, it } from "vitest";
import {
  brandOf,
  generateCvv,
  generatePan,
  luhnCheckDigit,
  luhnValid,
  openCardSecrets,
  sealCardSecrets,
} from "@/lib/domain/cards/pan";

describe("card numbers", () => {
  it("computes Luhn check digits of known numbers", () => {
    expect(luhnCheckDigit("424242424242424")).toBe("2");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("5555555555554444")).toBe(true);
  });

  it("generates Luhn-valid numbers in each brand's range", () => {
    for (let i = 0; i < 200; i++) {
      const visa = generatePan("VISA");
      const mc = generatePan("MASTERCARD");
      expect(luhnValid(visa) && brandOf(visa) === "VISA").toBe(true);
      expect(luhnValid(mc) && brandOf(mc) === "MASTERCARD").toBe(true);
      expect(visa).toHaveLength(16);
      expect(generateCvv()).toMatch(/^\d{3}$/);
    }
  });
});

describe("sealed card secrets", () => {
  it("round-trips, hides the number, and will not open under another card id", () => {
    process.env.MERIDIAN_SECRET_KEY ??= "0".repeat(64);
    const sealed = sealCardSecrets("card-a", { pan: "4242424242424242", cvv: "123" });
    expect(sealed).not.toContain("4242");
    expect(openCardSecrets("card-a", sealed)).toEqual({ pan: "4242424242424242", cvv: "123" });
    expect(() => openCardSecrets("card-b", sealed)).toThrow();
    expect(sealCardSecrets("card-a", { pan: "4242424242424242", cvv: "123" })).not.toBe(sealed);
  });
});

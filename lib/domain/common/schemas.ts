// Field schemas shared by several groups: one definition per rule.
import "server-only";
import { z } from "zod";
import { CURRENCIES } from "../currencies";
import { invalidField } from "../../kernel/errors";

export const CountryCode = z.string().regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 country code such as US");
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "Not a real calendar date");
export const E164Phone = z.string().regex(/^\+[1-9]\d{1,14}$/, "Expected an E.164 phone number such as +14155550100");
export const Email = z.email("Expected an email address").max(254);
export const KnownCurrency = z.string().refine((c) => c in CURRENCIES, "Unsupported currency code");
/**
 * The largest amount Meridian accepts, stores as a balance or serves: 2^53 − 1,
 * the largest integer a JSON number (an IEEE double) holds exactly. Above it a
 * client would read another amount than the one stored.
 */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** 400 INVALID_INPUT on `field` when a computed amount (a conversion, fees) exceeds MAX_AMOUNT. */
export function assertRepresentableAmount(amount: bigint, field: string, what: string): void {
  if (amount > BigInt(MAX_AMOUNT)) {
    throw invalidField(
      field,
      `${what} would be ${amount}, above ${MAX_AMOUNT}, the largest amount a JSON number holds exactly`,
      "MAXIMUM",
    );
  }
}

/** Money: a non-negative integer count of the currency's smallest unit. */
export const MinorUnits = z
  .number()
  .int("Expected an integer amount in the smallest currency unit")
  .min(0)
  .max(MAX_AMOUNT);
export const PositiveMinorUnits = MinorUnits.min(1, "Amount must be at least 1");

export const Address = z.object({
  line1: z.string().trim().min(1).max(255),
  line2: z.string().max(255).optional(),
  city: z.string().max(255).optional(),
  state: z.string().max(255).optional(),
  postalCode: z.string().trim().min(1).max(32),
  country: CountryCode,
});
export type Address = z.infer<typeof Address>;

export const UmaAddress = z
  .string()
  .regex(/^\$[a-zA-Z0-9._+-]{1,64}@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/, "Expected a UMA address such as $alice@example.com");

/** An id of the form "<Type>:<uuid>" in a request body. */
export function ApiId(type: string) {
  return z.string().regex(new RegExp(`^${type}:[0-9a-fA-F-]{36}$`), `Expected a ${type} id (${type}:<uuid>)`);
}

/** The reference's Currency and CurrencyAmount, as currencyAmount() writes them (responses). */
export const CurrencyResponse = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});
export const CurrencyAmountResponse = z.object({ amount: z.number().int(), currency: CurrencyResponse });

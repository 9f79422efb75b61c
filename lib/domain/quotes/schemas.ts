// Quote request and response schemas (reference QuoteRequest / Quote).
import "server-only";
import { z } from "zod";
import { KnownCurrency, PositiveMinorUnits } from "../common/schemas";
import { PaymentInstructions, PaymentRail } from "../../kernel/reference-schemas.generated";

const AccountId = z
  .string()
  .regex(
    /^(InternalAccount|ExternalAccount):[0-9a-fA-F-]{36}$/,
    "Expected InternalAccount:<uuid> or ExternalAccount:<uuid>",
  );
const CustomerId = z.string().regex(/^Customer:[0-9a-fA-F-]{36}$/, "Expected Customer:<uuid>");

export const QuoteSource = z.discriminatedUnion("sourceType", [
  z.object({ sourceType: z.literal("ACCOUNT"), accountId: AccountId, customerId: CustomerId.optional() }),
  z.object({
    sourceType: z.literal("REALTIME_FUNDING"),
    currency: KnownCurrency,
    customerId: CustomerId.optional(),
    cryptoNetwork: z.string().max(32).optional(),
  }),
]);

export const QuoteDestination = z.discriminatedUnion("destinationType", [
  z.object({ destinationType: z.literal("ACCOUNT"), accountId: AccountId, paymentRail: PaymentRail.optional() }),
  z.object({
    destinationType: z.literal("UMA_ADDRESS"),
    umaAddress: z.string().min(3).max(255),
    currency: KnownCurrency.optional(),
  }),
]);

export const QuoteCreate = z.object({
  source: QuoteSource,
  destination: QuoteDestination,
  lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]),
  lockedCurrencyAmount: PositiveMinorUnits,
  immediatelyExecute: z.boolean().optional(),
  lookupId: z.string().max(255).optional(),
  description: z.string().max(1024).optional(),
  remittanceInformation: z.string().max(80).optional(),
  purposeOfPayment: z.string().max(64).optional(),
  senderCustomerInfo: z.record(z.string(), z.unknown()).optional(),
  /** SCA customers: the factor of the challenge a real-time funded or immediatelyExecute quote issues. */
  scaFactor: z.enum(["SMS_OTP", "TOTP", "PASSKEY"]).optional(),
});
export type QuoteCreate = z.infer<typeof QuoteCreate>;

const Factor = z.enum(["SMS_OTP", "TOTP", "PASSKEY"]);
const Currency = z.strictObject({ code: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int() });

/** The reference's ScaChallenge, as challengeView (quotes) and startBeneficiaryTrust write it. */
export const ScaChallengeResponse = z.strictObject({
  id: z.string(),
  expiresAt: z.string(),
  factor: Factor,
  availableFactors: z.array(Factor),
  /** Beneficiary (un)trust challenges: what the challenge authorizes. */
  purpose: z.enum(["TRUST_BENEFICIARY", "UNTRUST_BENEFICIARY"]).optional(),
  passkeyAssertionOptions: z.record(z.string(), z.unknown()).optional(),
  passkeyAllowedOrigins: z.array(z.string()).optional(),
});

/**
 * The reference's Quote, exactly as serializeQuote writes it: source and destination as the request gave them
 * (the request schemas strip unknown members before the quote stores them).
 */
export const QuoteResponse = z.strictObject({
  id: z.string(),
  status: z.enum(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]),
  createdAt: z.string(),
  expiresAt: z.string(),
  source: z.discriminatedUnion("sourceType", [
    z.strictObject({ sourceType: z.literal("ACCOUNT"), accountId: z.string(), customerId: z.string().optional() }),
    z.strictObject({
      sourceType: z.literal("REALTIME_FUNDING"),
      currency: z.string(),
      customerId: z.string().optional(),
      cryptoNetwork: z.string().optional(),
    }),
  ]),
  destination: z.discriminatedUnion("destinationType", [
    z.strictObject({
      destinationType: z.literal("ACCOUNT"),
      accountId: z.string(),
      paymentRail: PaymentRail.optional(),
    }),
    z.strictObject({
      destinationType: z.literal("UMA_ADDRESS"),
      umaAddress: z.string(),
      currency: z.string().optional(),
    }),
  ]),
  sendingCurrency: Currency,
  receivingCurrency: Currency,
  totalSendingAmount: z.number().int(),
  totalReceivingAmount: z.number().int(),
  exchangeRate: z.number(),
  feesIncluded: z.number().int(),
  paymentInstructions: z.array(PaymentInstructions),
  transactionId: z.string(),
  /** PENDING_AUTHORIZATION (SCA customers): the challenge to authorize. */
  scaChallenge: ScaChallengeResponse.optional(),
});

/** Optional execute body: the preferred SCA factor for the challenge an SCA customer's execute issues. */
export const ExecuteQuoteBody = z.object({ scaFactor: Factor.optional() });

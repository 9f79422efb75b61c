// Platform Configuration and API Tokens: request and response schemas.
import "server-only";
import { z } from "zod";
import { PERMISSIONS } from "./permissions";
import { webhookUrlProblems } from "../../webhooks/target";

export const CurrencyCode = z
  .string()
  .regex(/^[A-Z0-9]{3,5}$/, "Expected an ISO 4217 (or crypto ticker) code such as USD");
const Int64 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const CounterpartyField = z.object({ name: z.string().min(1), mandatory: z.boolean() });

export const PlatformCurrencyConfig = z.object({
  currencyCode: CurrencyCode,
  minAmount: Int64,
  maxAmount: Int64,
  requiredCounterpartyFields: z.array(CounterpartyField).default([]),
  enabledTransactionTypes: z.array(z.enum(["INCOMING", "OUTGOING"])).default(["INCOMING", "OUTGOING"]),
});

export const FeeConfig = z.object({
  feeType: z.enum(["CROSS_CURRENCY_TRANSACTION"]),
  sourceCurrency: CurrencyCode,
  variableFeeBps: z.number().int().min(0).max(10000),
  fixedFee: z.object({ amount: Int64, currency: CurrencyCode }),
});

export const EmbeddedWalletConfig = z.object({
  appName: z.string().max(255).optional(),
  otpLength: z.number().int().min(4).max(12).optional(),
  alphanumeric: z.boolean().optional(),
  expirationSeconds: z.number().int().min(1).max(86400).optional(),
  sendFromEmailAddress: z.email().max(255).optional(),
  sendFromEmailSenderName: z.string().max(255).optional(),
  replyToEmailAddress: z.email().max(255).optional(),
  logoUrl: z.url().max(512).optional(),
});

/** The reference's CardTokenization2FAConfig: branding for the codes sent when a card is added to a digital wallet. */
export const CardTokenization2faConfig = z.object({
  displayName: z.string().max(255).optional(),
  logoUrl: z
    .url({ protocol: /^https$/, error: "Expected an https URL" })
    .max(512)
    .optional(),
  email: z
    .object({
      fromAddress: z.email().max(255).optional(),
      fromName: z.string().max(255).optional(),
      replyToAddress: z.email().max(255).optional(),
      subject: z.string().max(255).optional(),
      bodyText: z.string().max(2000).optional(),
    })
    .optional(),
  sms: z.object({ templateSid: z.string().max(64).optional(), bodyText: z.string().max(480).optional() }).optional(),
});

export const CardLimits = z.object({
  /** Maximum number of live (not CLOSED) cards on the platform; null = unlimited. */
  maxLiveCards: z.number().int().min(0).nullable().default(null),
  /** When true a cardholder may hold at most one live card. */
  oneCardPerCardholder: z.boolean().default(false),
});

/**
 * Maximum single-transaction amount. With sendingCurrency and receivingCurrency it
 * applies to that corridor (amount in the sending currency); with receivingCurrency
 * alone it applies to withdrawals into that currency (amount in that currency).
 */
export const TransactionLimit = z.object({
  sendingCurrency: CurrencyCode.optional(),
  receivingCurrency: CurrencyCode,
  maxAmount: Int64,
});

export const PlatformConfigResponse = z.object({
  id: z.string(),
  umaDomain: z.string(),
  /** Absent until set (the reference has no null here). */
  webhookEndpoint: z.string().optional(),
  supportedCurrencies: z.array(PlatformCurrencyConfig),
  isRegulatedFinancialInstitution: z.boolean(),
  skipVerificationPaperwork: z.boolean(),
  embeddedWalletConfig: EmbeddedWalletConfig.optional(),
  cardTokenization2faConfig: CardTokenization2faConfig.optional(),
  feeConfigs: z.array(FeeConfig),
  cardLimits: CardLimits,
  transactionLimits: z.array(TransactionLimit),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const WebhookUrl = z
  .url({ protocol: /^https?$/, error: "Expected an http(s) URL" })
  .max(2048)
  .superRefine((url, ctx) => {
    for (const message of webhookUrlProblems(url)) ctx.addIssue({ code: "custom", message });
  });

export const PlatformConfigUpdate = z
  .object({
    umaDomain: z
      .string()
      .min(3)
      .max(253)
      .regex(/^[a-z0-9.-]+$/i, "Expected a domain name")
      .optional(),
    webhookEndpoint: WebhookUrl.nullable().optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfig).max(200).optional(),
    embeddedWalletConfig: EmbeddedWalletConfig.optional(),
    cardTokenization2faConfig: CardTokenization2faConfig.optional(),
    feeConfigs: z.array(FeeConfig).max(100).optional(),
    // Sandbox flags the spec's rules depend on.
    isRegulatedFinancialInstitution: z.boolean().optional(),
    skipVerificationPaperwork: z.boolean().optional(),
    cardLimits: CardLimits.partial().optional(),
    transactionLimits: z.array(TransactionLimit).max(200).optional(),
  })
  .superRefine((v, ctx) => {
    v.supportedCurrencies?.forEach((c, i) => {
      if (c.minAmount > c.maxAmount) {
        ctx.addIssue({
          code: "custom",
          path: ["supportedCurrencies", i, "minAmount"],
          message: "minAmount must not exceed maxAmount",
        });
      }
    });
  });
export type PlatformConfigUpdate = z.infer<typeof PlatformConfigUpdate>;

export const Permission = z.enum(PERMISSIONS);

export const TokenCreate = z.object({
  name: z.string().trim().min(1).max(255),
  permissions: z.array(Permission).min(1).max(3),
});

export const ApiTokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(Permission),
  clientId: z.string(),
  clientSecret: z.string().optional().describe("Returned only in the creation response"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

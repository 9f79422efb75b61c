// Request and response schemas of the Stablecoins group (reference S/stablecoins).
import "server-only";
import { z } from "zod";
import { ApiId } from "../common/schemas";
import { ClampedPaginationQuery, PaginationQuery } from "../../kernel/pagination";
import { ENABLEMENT_STATES } from "./status";
import { PROVIDERS } from "./provider";

export const ProviderEnum = z.enum(PROVIDERS);
export const LinkStatusEnum = z.enum(["ACTIVE", "INVALID", "REVOKED"]);
export const IssuanceStatusEnum = z.enum(["PENDING_REVIEW", "PROVISIONING", "PROVISIONED", "REJECTED", "FAILED"]);
export const OperationsStatusEnum = z.enum(ENABLEMENT_STATES);
export const OperationTypeEnum = z.enum(["MINT", "BURN"]);

export const ProviderAccountLinkRequest = z.object({
  provider: ProviderEnum,
  apiClientId: z.string().trim().min(1).max(255),
  apiClientSecret: z.string().min(1).max(1024),
  providerAccountId: z.string().trim().min(1).max(255).optional(),
});

export const ProviderAccountListQuery = PaginationQuery.extend({
  provider: ProviderEnum.optional(),
  status: LinkStatusEnum.optional(),
});

export const StablecoinRegisterRequest = z.object({
  providerTokenIdentifier: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, "Letters, digits, '_', '.' and '-' only"),
  networkTokenIdentifier: z.string().trim().min(1).max(255),
  network: z.enum(["SPARK"]),
  stablecoinProviderAccountId: ApiId("StablecoinProviderAccount").optional(),
});

export const StablecoinListQuery = PaginationQuery.extend({
  issuanceStatus: IssuanceStatusEnum.optional(),
  gridOperationsStatus: OperationsStatusEnum.optional(),
  provider: ProviderEnum.optional(),
});

/** A token amount: a digit string in the token's smallest unit (at most 18 digits, so it fits a BIGINT). */
export const TokenAmount = z
  .string()
  .regex(/^[0-9]+$/, "Expected a digit string in the stablecoin's smallest unit")
  .max(18, "At most 18 digits")
  .refine((s) => !/^0+$/.test(s), "Amount must be greater than zero");

const Description = z.string().max(1024).optional();

export const MintFundingSource = z.discriminatedUnion("type", [
  z.object({ type: z.literal("WIRE") }),
  z.object({ type: z.literal("ACH_DEBIT"), externalAccountId: ApiId("ExternalAccount") }),
  z.object({ type: z.literal("SAME_DAY_ACH_DEBIT"), externalAccountId: ApiId("ExternalAccount") }),
  z.object({ type: z.literal("GRID_INTERNAL_ACCOUNT"), accountId: ApiId("InternalAccount") }),
  z.object({
    type: z.literal("PROVIDER_INTERNAL_BALANCE"),
    sourceTokenIdentifier: z.string().min(1).max(64),
    cryptoNetwork: z.string().min(1).max(64),
  }),
]);

export const StablecoinMintRequest = z.object({
  amount: TokenAmount,
  fundingSource: MintFundingSource,
  destination: z.object({
    accountId: z
      .string()
      .regex(
        /^(ExternalAccount|InternalAccount):[0-9a-fA-F-]{36}$/,
        "Expected an ExternalAccount:<uuid> or InternalAccount:<uuid> id",
      ),
  }),
  description: Description,
});

export const BurnSource = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EXTERNAL_ACCOUNT") }),
  z.object({ type: z.literal("GRID_INTERNAL_ACCOUNT"), accountId: ApiId("InternalAccount") }),
  z.object({ type: z.literal("PROVIDER_INTERNAL_BALANCE") }),
]);

export const BurnRails = ["WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "RTP_CREDIT"] as const;

export const StablecoinBurnRequest = z.object({
  amount: TokenAmount,
  source: BurnSource,
  destination: z.object({
    type: z.literal("EXTERNAL_ACCOUNT"),
    externalAccountId: ApiId("ExternalAccount"),
    rail: z.enum(BurnRails),
  }),
  description: Description,
});

export const OperationListQuery = ClampedPaginationQuery.extend({ operationType: OperationTypeEnum.optional() });

export const EnablementRequest = z.object({}).strict();

export const ProviderAccountResponse = z.object({
  id: z.string(),
  provider: ProviderEnum,
  providerAccountId: z.string(),
  providerEnvironment: z.enum(["SANDBOX", "PRODUCTION"]),
  status: LinkStatusEnum,
  lastVerifiedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const StablecoinResponse = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  baseCurrency: z.string(),
  network: z.enum(["SPARK"]),
  decimals: z.number().int(),
  issuanceStatus: IssuanceStatusEnum,
  gridOperationsStatus: OperationsStatusEnum,
  networkTokenIdentifier: z.string(),
  currency: z.string().optional(),
  provider: ProviderEnum,
  stablecoinProviderAccountId: z.string(),
  providerEnvironment: z.enum(["SANDBOX", "PRODUCTION"]),
  providerTokenIdentifier: z.string(),
  // Meridian's: the internal account the enabled stablecoin's mints land in (absent until enabled)
  internalAccountId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * The reference's StablecoinOperation, exactly as serializeOperation writes it; description is Meridian's (the
 * request's, echoed). fundingInstructions is free-form in the reference too (the provider's instructions).
 */
export const StablecoinOperationResponse = z.strictObject({
  id: z.string(),
  stablecoinId: z.string(),
  operationType: OperationTypeEnum,
  status: z.enum(["CREATED", "PENDING_FUNDING", "PENDING_PROVIDER", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]),
  amount: z.string(),
  provider: ProviderEnum,
  providerEnvironment: z.enum(["SANDBOX", "PRODUCTION"]),
  stablecoinProviderAccountId: z.string(),
  source: z.strictObject({
    type: z.enum([
      "WIRE",
      "ACH_DEBIT",
      "SAME_DAY_ACH_DEBIT",
      "EXTERNAL_ACCOUNT",
      "GRID_INTERNAL_ACCOUNT",
      "PROVIDER_INTERNAL_BALANCE",
    ]),
    externalAccountId: z.string().optional(),
    accountId: z.string().optional(),
    sourceTokenIdentifier: z.string().optional(),
    cryptoNetwork: z.string().optional(),
  }),
  destination: z.strictObject({
    accountId: z.string(),
    rail: z.enum(["WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "RTP_CREDIT"]).optional(),
  }),
  fundingInstructions: z.record(z.string(), z.unknown()).optional(),
  estimatedDelivery: z
    .strictObject({ rail: z.string(), amount: z.string(), currency: z.string(), timing: z.string() })
    .optional(),
  expiresAt: z.string().optional(),
  providerStatus: z.string().optional(),
  failureReason: z.string().optional(),
  description: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

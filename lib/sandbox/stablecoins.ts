// Sandbox stablecoin provider magic values, declared once. The simulated
// provider (lib/domain/stablecoins/sandbox-provider.ts) reads only these tables.
import { noteSandboxRule } from "./rule-trace";

/** Linking provider credentials: the suffix of apiClientId decides. */
export const LINK_CLIENT_ID_SUFFIX = {
  _invalid: { kind: "STATUS", status: "INVALID" },
  _revoked: { kind: "STATUS", status: "REVOKED" },
  _unverifiable: {
    kind: "ERROR",
    code: "STABLECOIN_VERIFICATION_FAILED",
    reason: "The provider could not verify these API credentials",
  },
  _provider_down: {
    kind: "ERROR",
    code: "STABLECOIN_PROVIDER_ERROR",
    reason: "The stablecoin provider is unavailable; retry later",
  },
  /** The credentials expose several provider accounts, so providerAccountId must be given. */
  _multi: { kind: "MULTIPLE_ACCOUNTS" },
} as const;

export function linkOutcome(apiClientId: string) {
  for (const [suffix, outcome] of Object.entries(LINK_CLIENT_ID_SUFFIX))
    if (apiClientId.endsWith(suffix)) {
      noteSandboxRule(`stablecoin.link${suffix.replace("_", ".")}`);
      return outcome;
    }
  return { kind: "STATUS", status: "ACTIVE" } as const;
}

/** Registering a token: the suffix of providerTokenIdentifier decides its issuance status at the provider. */
export const TOKEN_SUFFIX_ISSUANCE = {
  REVIEW: "PENDING_REVIEW",
  REJECT: "REJECTED",
  FAIL: "FAILED",
  /** Provisioning, then PROVISIONED after about 2 seconds (sandbox time). */
  PROV: "PROVISIONING",
} as const;
/** A providerTokenIdentifier ending in MISSING is unknown to the provider. */
export const TOKEN_SUFFIX_UNKNOWN = "MISSING";
export const TOKEN_PROVISIONING_MS = 2_000;
/** Token metadata of every sandbox token: a USD stablecoin with 6 decimals. */
export const SANDBOX_TOKEN = { baseCurrency: "USD", decimals: 6 } as const;

export function tokenIssuance(providerTokenIdentifier: string): string {
  for (const [suffix, status] of Object.entries(TOKEN_SUFFIX_ISSUANCE))
    if (providerTokenIdentifier.endsWith(suffix)) {
      noteSandboxRule(`stablecoin.token.${suffix}`);
      return status;
    }
  return "PROVISIONED";
}

/** Mints and burns: the last three digits of the fiat amount (in cents) decide. */
export const OPERATION_AMOUNT_SUFFIX = {
  /** The provider rejects the request: 400 STABLECOIN_PROVIDER_ERROR, nothing recorded. */
  "002": "PROVIDER_ERROR",
  /** Accepted, then the provider fails it: FAILED with failureReason PROVIDER_TRANSFER_FAILED; funds returned. */
  "003": "FAILS",
  /** Awaiting external funding that never arrives: EXPIRED. */
  "005": "NEVER_FUNDED",
} as const;
export type OperationOutcome = "PROVIDER_ERROR" | "FAILS" | "NEVER_FUNDED" | "COMPLETES";

export function operationOutcome(fiatAmount: bigint): OperationOutcome {
  const suffix = fiatAmount.toString().padStart(3, "0").slice(-3) as keyof typeof OPERATION_AMOUNT_SUFFIX;
  const outcome = OPERATION_AMOUNT_SUFFIX[suffix];
  if (outcome) noteSandboxRule(`stablecoin.operation-amount.${suffix}`);
  return outcome ?? "COMPLETES";
}
/** How long simulated external funding and provider processing take (scaled by sandbox time). */
export const OPERATION_SETTLE_MS = 2_000;

/**
 * Balances the sandbox provider account holds, by token and network, for
 * PROVIDER_INTERNAL_BALANCE mints. A known token on another network is
 * STABLECOIN_PROVIDER_SOURCE_NOT_LINKED; an unknown token is STABLECOIN_OPERATION_NOT_SUPPORTED.
 */
export const PROVIDER_BALANCE_SOURCES: Record<string, readonly string[]> = {
  USDC: ["SOLANA", "ETHEREUM", "BASE"],
  USDT: ["ETHEREUM", "TRON"],
};

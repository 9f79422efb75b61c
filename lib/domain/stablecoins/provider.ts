// The stablecoin provider adapter. Meridian talks to issuers (BRALE in the
// reference) only through this interface; the sandbox implementation simulates
// one, and a real client implements the same four calls over the provider's API.
import "server-only";
// provider-client.ts chooses the client of a provider account.

export type LinkStatus = "ACTIVE" | "INVALID" | "REVOKED";
export type IssuanceStatus = "PENDING_REVIEW" | "PROVISIONING" | "PROVISIONED" | "REJECTED" | "FAILED";
export type OperationStatus =
  "CREATED" | "PENDING_FUNDING" | "PENDING_PROVIDER" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";

export interface ProviderCredentials {
  apiClientId: string;
  apiClientSecret: string;
  providerAccountId: string;
}

export interface ProviderToken {
  name: string;
  symbol: string;
  baseCurrency: string;
  decimals: number;
  issuanceStatus: IssuanceStatus;
  /** When PROVISIONING: how long until the provider finishes (sandbox), if known. */
  provisionedAfterMs?: number;
}

export interface ProviderOperationRequest {
  kind: "MINT" | "BURN";
  providerTokenIdentifier: string;
  amount: bigint;
  fiatAmount: bigint;
  /** Funding source (mint) or burn source type. */
  sourceType: string;
  sourceTokenIdentifier?: string;
  cryptoNetwork?: string;
}

export interface ProviderOperationAccepted {
  status: OperationStatus;
  providerStatus: string;
  fundingInstructions?: Record<string, unknown>;
  /** The simulated provider says up front how the operation ends; a real provider reports it later. */
  settlement?: { afterMs: number; result: "COMPLETED" | "FAILED" | "EXPIRED" };
}

export interface StablecoinProviderClient {
  /** Checks credentials; resolves the provider account they expose. Throws STABLECOIN_* ApiErrors. */
  verifyCredentials(input: {
    apiClientId: string;
    apiClientSecret: string;
    providerAccountId?: string;
  }): Promise<{ providerAccountId: string; status: LinkStatus }>;
  /** Reads the metadata of an existing provider-created token. */
  getToken(creds: ProviderCredentials, providerTokenIdentifier: string): Promise<ProviderToken>;
  /** Submits a mint or burn. Throws STABLECOIN_* ApiErrors when the provider refuses. */
  submitOperation(creds: ProviderCredentials, request: ProviderOperationRequest): Promise<ProviderOperationAccepted>;
}

export const PROVIDERS = ["BRALE"] as const;
export type ProviderEnvironment = "SANDBOX" | "PRODUCTION";

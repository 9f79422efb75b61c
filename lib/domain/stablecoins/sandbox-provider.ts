// The simulated stablecoin provider of the sandbox. Outcomes come from the
// magic-value tables in lib/sandbox/stablecoins.ts.
import "server-only";
import { createHash } from "node:crypto";
import { DomainError } from "../../kernel/errors";
import { sandboxDelayMs } from "../../sandbox/time";
import {
  linkOutcome,
  operationOutcome,
  OPERATION_SETTLE_MS,
  PROVIDER_BALANCE_SOURCES,
  SANDBOX_TOKEN,
  tokenIssuance,
  TOKEN_PROVISIONING_MS,
  TOKEN_SUFFIX_UNKNOWN,
} from "../../sandbox/stablecoins";
import type { IssuanceStatus, LinkStatus, StablecoinProviderClient } from "./provider";

function sandboxAccountId(apiClientId: string): string {
  return `sbx_${createHash("sha256").update(apiClientId).digest("base64url").slice(0, 22)}`;
}

export const sandboxStablecoinProvider: StablecoinProviderClient = {
  async verifyCredentials({ apiClientId, providerAccountId }) {
    const outcome = linkOutcome(apiClientId);
    if (outcome.kind === "ERROR") throw new DomainError(outcome.code, outcome.reason);
    if (outcome.kind === "MULTIPLE_ACCOUNTS") {
      if (!providerAccountId) {
        throw new DomainError(
          "INVALID_INPUT",
          "These credentials expose several provider accounts; pass providerAccountId",
          {
            errors: [
              {
                field: "providerAccountId",
                constraint: "REQUIRED",
                message: "Required when the credentials expose several provider accounts",
              },
            ],
          },
        );
      }
      return { providerAccountId, status: "ACTIVE" as LinkStatus };
    }
    return {
      providerAccountId: providerAccountId ?? sandboxAccountId(apiClientId),
      status: outcome.status as LinkStatus,
    };
  },

  async getToken(_creds, providerTokenIdentifier) {
    if (providerTokenIdentifier.endsWith(TOKEN_SUFFIX_UNKNOWN)) {
      throw new DomainError(
        "STABLECOIN_VERIFICATION_FAILED",
        `The provider has no token ${providerTokenIdentifier} on this account`,
      );
    }
    const issuanceStatus = tokenIssuance(providerTokenIdentifier) as IssuanceStatus;
    return {
      name: `${providerTokenIdentifier} Sandbox Dollar`,
      symbol: providerTokenIdentifier,
      baseCurrency: SANDBOX_TOKEN.baseCurrency,
      decimals: SANDBOX_TOKEN.decimals,
      issuanceStatus,
      ...(issuanceStatus === "PROVISIONING" ? { provisionedAfterMs: sandboxDelayMs(TOKEN_PROVISIONING_MS) } : {}),
    };
  },

  async submitOperation(_creds, request) {
    if (request.sourceType === "PROVIDER_INTERNAL_BALANCE" && request.kind === "MINT") {
      const networks = PROVIDER_BALANCE_SOURCES[request.sourceTokenIdentifier ?? ""];
      if (!networks) {
        throw new DomainError(
          "STABLECOIN_OPERATION_NOT_SUPPORTED",
          `The provider does not mint from ${request.sourceTokenIdentifier} balances`,
        );
      }
      if (!networks.includes(request.cryptoNetwork ?? "")) {
        throw new DomainError(
          "STABLECOIN_PROVIDER_SOURCE_NOT_LINKED",
          `The provider account has no ${request.sourceTokenIdentifier} balance linked on ${request.cryptoNetwork}`,
        );
      }
    }
    const outcome = operationOutcome(request.fiatAmount);
    if (outcome === "PROVIDER_ERROR")
      throw new DomainError("STABLECOIN_PROVIDER_ERROR", "The stablecoin provider rejected the request; retry later");
    const afterMs = sandboxDelayMs(OPERATION_SETTLE_MS);
    const awaitsFunding =
      request.sourceType === "WIRE" || (request.kind === "BURN" && request.sourceType === "EXTERNAL_ACCOUNT");
    const result =
      outcome === "FAILS" ? "FAILED" : outcome === "NEVER_FUNDED" && awaitsFunding ? "EXPIRED" : "COMPLETED";
    if (awaitsFunding) {
      const ref = createHash("sha256")
        .update(`${request.providerTokenIdentifier}:${request.amount}:${Date.now()}`)
        .digest("hex")
        .slice(0, 24);
      const fundingInstructions =
        request.kind === "MINT"
          ? {
              rail: "WIRE",
              bankName: "Sandbox Trust Bank",
              accountNumber: "000123456789",
              routingNumber: "021000021",
              reference: `SBX${ref.slice(0, 12).toUpperCase()}`,
              amount: request.fiatAmount.toString(),
            }
          : {
              rail: "SPARK",
              network: "SPARK",
              address: `spark1sandbox${ref}`,
              valueType: request.providerTokenIdentifier,
            };
      return {
        status: "PENDING_FUNDING",
        providerStatus: "awaiting_funds",
        fundingInstructions,
        settlement: { afterMs, result },
      };
    }
    return {
      status: request.sourceType === "GRID_INTERNAL_ACCOUNT" ? "PROCESSING" : "PENDING_PROVIDER",
      providerStatus: "pending",
      settlement: { afterMs, result },
    };
  },
};

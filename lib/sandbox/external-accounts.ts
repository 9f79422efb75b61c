// Sandbox magic values for external accounts, as the spec's tables: the last
// three digits of an account's primary identifier (account number, IBAN,
// CLABE, wallet address ...; for a value with a domain part, the end of the
// username) steer what happens to it. Four tables share that suffix without
// overlap: name verification (1xx), pulls and payouts (002-005), quote
// destinations (002-007), and linking with a stablecoin provider (2xx).
import { sandboxSuffix } from "./suffix";
import { noteSandboxRule } from "./rule-trace";

export type BeneficiaryVerificationStatus =
  "MATCHED" | "PARTIAL_MATCH" | "NOT_MATCHED" | "UNSUPPORTED" | "CHECKED_BY_RECEIVING_FI" | "PENDING";

/** Beneficiary name verification at creation; "INVALID" is a 400 INVALID_BANK_ACCOUNT. */
export const NAME_VERIFICATION: Record<string, BeneficiaryVerificationStatus | "INVALID"> = {
  "102": "NOT_MATCHED",
  "103": "PARTIAL_MATCH",
  "104": "PENDING",
  "105": "INVALID",
  "106": "UNSUPPORTED",
  "107": "CHECKED_BY_RECEIVING_FI",
};
export const NAME_VERIFICATION_DEFAULT: BeneficiaryVerificationStatus = "MATCHED";

export interface SandboxTransferOutcome {
  /** "fail" at once, "pending-then-fail" after pendingThenFailMs, "succeed". */
  kind: "fail" | "pending-then-fail" | "succeed";
  failureReason?: string;
  description: string;
}

/** The account as source of a pull or destination of a payout (transfer-in, transfer-out, immediatelyExecute pulls). */
export const PULL_PAYOUT_OUTCOMES: Record<string, SandboxTransferOutcome> = {
  "002": { kind: "fail", failureReason: "ACCOUNT_CANNOT_RECEIVE", description: "Insufficient funds" },
  "003": { kind: "fail", failureReason: "ACCOUNT_INVALID", description: "Account closed or invalid" },
  "004": { kind: "fail", failureReason: "COUNTERPARTY_POST_TX_FAILED", description: "Bank rejects the transfer" },
  "005": {
    kind: "pending-then-fail",
    failureReason: "ACCOUNT_CANNOT_RECEIVE",
    description: "Pending about 30 seconds, then fails",
  },
};

export interface SandboxQuoteOutcome {
  kind: "fail" | "long-success" | "return" | "succeed";
  failureReason?: string;
  /** The refund to the sender fails too (007). */
  refundFails?: boolean;
  description: string;
}

/** The account as destination of an executed quote. */
export const QUOTE_DESTINATION_OUTCOMES: Record<string, SandboxQuoteOutcome> = {
  "002": { kind: "fail", failureReason: "QUOTE_EXECUTION_FAILED", description: "Quote execution failed" },
  "003": { kind: "long-success", description: "Long payment; completes after about 6 minutes" },
  "004": { kind: "fail", failureReason: "COUNTERPARTY_POST_TX_FAILED", description: "Counterparty delivery failed" },
  "005": { kind: "return", failureReason: "PAYOUT_RETURNED", description: "Receiving bank returns the payment" },
  "006": { kind: "fail", failureReason: "COMPLIANCE_REJECTED", description: "User cancellation" },
  "007": {
    kind: "fail",
    failureReason: "ACCOUNT_CANNOT_RECEIVE",
    refundFails: true,
    description: "Payout and refund failed",
  },
};

export function nameVerificationFor(identifier: string): BeneficiaryVerificationStatus | "INVALID" {
  const suffix = sandboxSuffix(identifier);
  const status = NAME_VERIFICATION[suffix];
  if (status) noteSandboxRule(`external-account.name-verification.${suffix}`);
  return status ?? NAME_VERIFICATION_DEFAULT;
}

/** The outcome nameVerificationFor would give, without recording its rule (to choose a path before it applies). */
export function peekNameVerification(identifier: string): BeneficiaryVerificationStatus | "INVALID" {
  return NAME_VERIFICATION[sandboxSuffix(identifier)] ?? NAME_VERIFICATION_DEFAULT;
}

export function pullPayoutOutcomeFor(identifier: string): SandboxTransferOutcome {
  const suffix = sandboxSuffix(identifier);
  const outcome = PULL_PAYOUT_OUTCOMES[suffix];
  if (outcome) noteSandboxRule(`external-account.pull-payout.${suffix}`);
  return outcome ?? { kind: "succeed", description: "Success" };
}

export function quoteDestinationOutcomeFor(identifier: string): SandboxQuoteOutcome {
  const suffix = sandboxSuffix(identifier);
  const outcome = QUOTE_DESTINATION_OUTCOMES[suffix];
  if (outcome) noteSandboxRule(`quote.destination.${suffix}`);
  return outcome ?? { kind: "succeed", description: "Successful payment" };
}

/**
 * A US account whose name check is still PENDING (suffix 104) is also still
 * in its micro-entry validation window: paying out to it answers 409
 * BANK_ACCOUNT_VALIDATION_PENDING until the sandbox validation job resolves it.
 */
export const BANK_VALIDATION_MS = 30_000;

/**
 * Linking an external account with the provider (done by Meridian on first
 * use as a mint destination, ACH debit source or burn destination): the last
 * three digits of the account's primary identifier decide.
 */
export const PROVIDER_LINK_FAILURES = {
  "201": {
    code: "STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED",
    reason: "Meridian could not link this external account with the provider",
  },
  "202": {
    code: "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED",
    reason: "The provider refused to link this external account",
  },
  "203": {
    code: "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED",
    reason: "The provider requires this account to be linked in its own onboarding first",
  },
  "205": {
    code: "STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED",
    reason: "The provider reports this external account is no longer linked",
  },
} as const;
/** ACH debit sources: suffix 204 has no debit authorization (link method) at the provider. */
export const ACH_LINK_METHOD_MISSING_SUFFIX = "204";

export type ProviderLinkFailure = (typeof PROVIDER_LINK_FAILURES)[keyof typeof PROVIDER_LINK_FAILURES];

export function providerLinkFailureFor(identifier: string): ProviderLinkFailure | undefined {
  const suffix = sandboxSuffix(identifier) as keyof typeof PROVIDER_LINK_FAILURES;
  const failure = PROVIDER_LINK_FAILURES[suffix];
  if (failure) noteSandboxRule(`external-account.provider-link.${suffix}`);
  return failure;
}

export function achDebitAuthorizationMissing(identifier: string): boolean {
  const missing = sandboxSuffix(identifier) === ACH_LINK_METHOD_MISSING_SUFFIX;
  if (missing) noteSandboxRule(`external-account.ach-debit.${ACH_LINK_METHOD_MISSING_SUFFIX}`);
  return missing;
}

// The sandbox's stand-in for Plaid Link (the legacy /plaid operations released
// clients still call): a public token in Plaid's sandbox form links this bank
// account. Its account number ends in 000, outside every suffix table, so the
// linked account behaves as an ordinary good account.
export const PLAID_PUBLIC_TOKEN_RE = /^public-sandbox-[A-Za-z0-9-]{1,200}$/;

export const PLAID_SANDBOX_BANK = {
  bankName: "Plaid Sandbox Bank",
  routingNumber: "011401533",
  /** Prefix of the account number; six digits from the public token and 000 follow. */
  accountNumberPrefix: "1111",
  bankAccountType: "CHECKING",
} as const;

/** How long a link token can be used (Plaid: 4 hours). */
export const PLAID_LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

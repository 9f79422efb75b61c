// Sandbox and policy values of Contact Verification and Strong Customer
// Authentication, in one place. In the sandbox no email or SMS is sent and
// every one-time code (email, SMS, TOTP) is 123456, as in the reference.

export const SANDBOX_SCA_CODE = "123456";

/**
 * The embedded wallet's email/SMS OTP credential code in the sandbox
 * (MERIDIAN_ENVIRONMENT=sandbox): a separate flow from SCA, with its own code.
 */
export const SANDBOX_OTP_CODE = "000000";

/** Lifetime of an issued email/SMS code and of an SCA challenge. */
export const SCA_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong answers a single code tolerates before it is spent. */
export const SCA_CODE_MAX_ATTEMPTS = 5;
/** Lifetime of an SCA login session. */
export const SCA_SESSION_TTL_MS = 15 * 60 * 1000;
/** Window of a 2FA reset. */
export const SCA_RESET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Failed-login lockout ladder (reference RecordSecurityEventRequest): the
 * lock after the Nth cumulative failure; from SUSPEND_AFTER on, the login is
 * suspended until a password reset is recorded.
 */
export const LOCKOUT_LADDER_MS: Record<number, number> = {
  5: 15 * 60 * 1000,
  6: 30 * 60 * 1000,
  7: 60 * 60 * 1000,
  8: 24 * 60 * 60 * 1000,
};
export const SUSPEND_AFTER = 9;

export function lockoutAfter(failedAttempts: number): { suspended: boolean; lockMs: number | null } {
  if (failedAttempts >= SUSPEND_AFTER) return { suspended: true, lockMs: null };
  return { suspended: false, lockMs: LOCKOUT_LADDER_MS[failedAttempts] ?? null };
}

/**
 * Wrong answers a quote's SCA challenge tolerates; after that authorize returns 429 RATE_LIMITED and the challenge is
 * spent.
 */
export const QUOTE_AUTH_MAX_ATTEMPTS = 3;
/** Times a quote's SMS code can be re-sent (POST /quotes/{id}/authorize/resend) before 429 RATE_LIMITED. */
export const QUOTE_CODE_MAX_RESENDS = 3;

// RATCHET: request examples of the reference that Meridian refuses for a reason
// the spec does not give (a validation error or an unknown id). This list may
// only shrink: tests/integration/api/contract-examples.test.ts fails on a refusal
// not listed here, and on a listed example that is now accepted (delete it).
// Keys: `<operationId> <example name>`.
export const KNOWN_EXAMPLE_REFUSALS: string[] = [
  // The test's embedded wallet has one EMAIL_OTP credential: these examples verify a credential of another type,
  // and a body type that is not the credential's is INVALID_INPUT (right). Needs SMS_OTP, OAUTH and PASSKEY
  // credentials in tests/support/tenant-fixtures.ts, each example sent to the credential of its type.
  "verifyAuthCredential smsOtp",
  "verifyAuthCredential oauth",
  "verifyAuthCredential passkey",
];

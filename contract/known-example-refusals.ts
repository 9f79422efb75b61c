// RATCHET: request examples of the reference that Meridian refuses for a reason
// the spec does not give (a validation error or an unknown id). This list may
// only shrink: tests/integration/api/contract-examples.test.ts fails on a refusal
// not listed here, and on a listed example that is now accepted (delete it).
// Keys: `<operationId> <example name>`.
export const KNOWN_EXAMPLE_REFUSALS: string[] = [
  // Two funding sources: the spec binds one per card (its fundingSource; SPEC-MAP §2.12 [Δ]), so this is a refusal
  // for a reason the spec gives, but answered INVALID_INPUT (tests/integration/api/official-clients.test.ts keeps
  // it a 400 naming fundingSources); a spec code for it would take this entry out.
  "updateCardById updateFundingSources",
  // The test's embedded wallet has one EMAIL_OTP credential: these examples verify a credential of another type,
  // and a body type that is not the credential's is INVALID_INPUT (right). Needs SMS_OTP, OAUTH and PASSKEY
  // credentials in tests/support/tenant-fixtures.ts, each example sent to the credential of its type.
  "verifyAuthCredential smsOtp",
  "verifyAuthCredential oauth",
  "verifyAuthCredential passkey",
];

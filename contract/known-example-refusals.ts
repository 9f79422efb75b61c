// RATCHET: request examples of the reference that Meridian refuses for a reason
// the spec does not give (a validation error or an unknown id). This list may
// only shrink: tests/integration/api/contract-examples.test.ts fails on a refusal
// not listed here, and on a listed example that is now accepted (delete it).
// Keys: `<operationId> <example name>`.
export const KNOWN_EXAMPLE_REFUSALS: string[] = [
  // fields the reference has and Meridian does not accept yet
  "updatePlatformConfig example", // cardTokenization2faConfig
  "createCustomer businessCustomer",
  "createCustomerExternalAccount usBankAccount", // accountInfo.platformAccountId
  "createPlatformExternalAccount usBankAccount",
  "createQuote accountToUma",
  // the example names a USD internal account for a USDC withdrawal; the fixture platform's accounts are fiat
  "estimateCryptoWithdrawalFee estimateUSDCWithdrawal",
  // the reference's fundingSources with two ids (Meridian binds one funding source per card)
  "updateCardById updateFundingSources",
  // refused for a reason the spec gives, but reported as INVALID_INPUT: the test's fixtures are an
  // INDIVIDUAL customer and an EMAIL_OTP credential, and the reference's own example expects a refusal
  "updateCustomerById businessUpdate",
  "updateCustomerById combinedContactUpdateRejected",
  "verifyAuthCredential smsOtp",
  "verifyAuthCredential oauth",
  "verifyAuthCredential passkey",
];

// RATCHET: differences from the reference that are NOT mandated by the spec and
// not fixed yet. Both lists may only shrink.
// - KNOWN_NONCONFORMANCES: response and webhook bodies. A violation not listed
//   here (nor in allowlist.ts) fails the test that provoked it; every run prints
//   the entries it still hit and those it no longer hits (delete those).
// - KNOWN_DOCUMENT_DIFFERENCES: operations whose served OpenAPI entry still
//   differs from the reference (tests/integration/api/contract.test.ts fails on a
//   difference in any other operation, and on a listed operation that now agrees).

export interface KnownNonconformance {
  operation: string;
  status?: string;
  pointer: string;
  keyword?: string;
}

export const KNOWN_NONCONFORMANCES: KnownNonconformance[] = [
  // 403 on operations whose reference entry documents no 403: Meridian checks the token's
  // permission (VIEW/TRANSACT/MANAGE) on every operation; 429 likewise from the throttle.
  { operation: "*", status: "403", pointer: "", keyword: "status" },
  { operation: "*", status: "429", pointer: "", keyword: "status" },
  // Plumbing statuses of every operation (undocumented per operation by the reference): an oversized
  // body (413), a wrong content type (415), the database unreachable (503, docs/reliability.md).
  { operation: "*", status: "413", pointer: "", keyword: "status" },
  { operation: "*", status: "415", pointer: "", keyword: "status" },
  { operation: "*", status: "503", pointer: "", keyword: "status" },
  // Found when the branches of issues 18-22 were merged (the suite's first full run with the contract test).
  { operation: "uploadDocument", status: "409", pointer: "", keyword: "status" },
  { operation: "replaceDocument", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxFundInternalAccount", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardReturnReversal", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardAuthorizationAdvice", status: "409", pointer: "", keyword: "status" },
  { operation: "createCard", status: "409", pointer: "", keyword: "status" },
  { operation: "listScaFactors", status: "400", pointer: "", keyword: "status" },
  { operation: "deleteScaFactor", status: "400", pointer: "", keyword: "status" },
  { operation: "getTwoFactorResetStatus", status: "400", pointer: "", keyword: "status" },
  { operation: "getAgentDeviceCodeStatus", status: "400", pointer: "", keyword: "status" },
  { operation: "getAvailableUmaProviders", status: "400", pointer: "", keyword: "status" },
  { operation: "agentCreateQuote", status: "404", pointer: "", keyword: "status" },
  { operation: "createAgent", status: "404", pointer: "", keyword: "status" },
  { operation: "createAuthCredential", status: "409", pointer: "", keyword: "status" },
  { operation: "createCard", status: "404", pointer: "", keyword: "status" },
  { operation: "createCustomerExternalAccount", status: "404", pointer: "", keyword: "status" },
  { operation: "createQuote", status: "404", pointer: "", keyword: "status" },
  { operation: "createQuote", status: "409", pointer: "", keyword: "status" },
  { operation: "createTransferOut", status: "202", pointer: "", keyword: "status" },
  { operation: "deleteTokenById", status: "409", pointer: "", keyword: "status" },
  { operation: "executeQuote", status: "202", pointer: "", keyword: "status" },
  // GET /customers/kyc-link (the legacy operation, required ?platformCustomerId) is /customers/{customerId} to the
  // reference; its 400 is not a malformed customer id (that is 404 now).
  { operation: "getCustomerById", status: "400", pointer: "", keyword: "status" },
  { operation: "getInvitation", status: "400", pointer: "", keyword: "status" },
  { operation: "revealCard", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSend", status: "409", pointer: "", keyword: "status" },
  // declines answer 202 now; a reused Idempotency-Key with another body is still a 409 the reference omits
  { operation: "sandboxSimulateCardAuthorization", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardClearing", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardReturn", status: "409", pointer: "", keyword: "status" },
  { operation: "sendCustomerEmailVerification", status: "400", pointer: "", keyword: "status" },
  { operation: "startScaLogin", status: "423", pointer: "", keyword: "status" },
  { operation: "updateCustomerById", status: "410", pointer: "", keyword: "status" },
  { operation: "uploadCustomersCsv", status: "400", pointer: "", keyword: "status" },
];

// Operations whose served entry still differs. The served document lists only the generic error statuses an
// operation can answer (lib/api/openapi.ts), and a served status that is a KNOWN_NONCONFORMANCES entry (the
// permission check's 403 and the throttle's 429 everywhere, the per-operation ones above) is not counted again
// here. A malformed path id is 404 now (lib/api/path-params.ts), so reads without a query no longer serve a 400.
// What keeps these (scripts/contract-document-diff.ts prints each operation's differences): statuses only — 409 on
// writes (a unique value taken, an Idempotency-Key reused) the reference does not document; 400 on reads with a
// query; 404/500 where the reference has none. Required fields and enum values agree everywhere.
export const KNOWN_DOCUMENT_DIFFERENCES: string[] = [
  // Routed by issue 19 §3 after the document comparison was written: statuses and enums to align.
  "confirmReceiptDelivery",
  "estimateCryptoWithdrawalFee",
  "sandboxSimulateCardBalanceInquiry",
  "sandboxSimulateCardCreditAuthorization",
  "sandboxSimulateCardCreditAuthorizationAdvice",
  "sandboxSimulateCardFinancialAuthorization",
  "sandboxSimulateCardFinancialCreditAuthorization",
  "agentCreateExternalAccount",
  "agentCreateQuote",
  "agentCreateTransferIn",
  "agentCreateTransferOut",
  "agentDeleteExternalAccount",
  "agentListActions",
  "agentListInternalAccounts",
  "cancelInvitation",
  "challengeAuthCredential",
  "claimInvitation",
  "createAgent",
  "createBeneficialOwner",
  "createCustomer",
  "createInvitation",
  "createPlatformExternalAccount",
  "createToken",
  "createTransferIn",
  "createTransferOut",
  "createVerification",
  "deleteAgent",
  "deleteCustomerById",
  "deletePlatformExternalAccountById",
  "exportInternalAccount",
  "getEndUserTerms",
  "linkStablecoinProviderAccount",
  "listAuthCredentials",
  "listAuthSessions",
  "listStablecoinOperations",
  "redeemAgentDeviceCode",
  "refreshAuthSession",
  "revokeAuthCredential",
  "revokeAuthSession",
  "sandboxReceive",
  "sendTestWebhook",
  "updateAgent",
  "updateAgentPolicy",
  "updateBeneficialOwner",
  "updateInternalAccount",
  "updatePlatformConfig",
  "uploadCustomersCsv",
  "verifyAuthCredential",
];

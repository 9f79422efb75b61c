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
  { operation: "agentCreateQuote", status: "404", pointer: "", keyword: "status" },
  { operation: "approvePendingPayment", status: "200", pointer: "/type", keyword: "enum" },
  { operation: "cancelTransaction", status: "200", pointer: "/failureReason", keyword: "enum" },
  { operation: "createAgent", status: "404", pointer: "", keyword: "status" },
  { operation: "createAuthCredential", status: "409", pointer: "", keyword: "status" },
  { operation: "createCard", status: "404", pointer: "", keyword: "status" },
  {
    operation: "createCustomerExternalAccount",
    status: "201",
    pointer: "/accountInfo/beneficiary",
    keyword: "required",
  },
  { operation: "createCustomerExternalAccount", status: "404", pointer: "", keyword: "status" },
  { operation: "createQuote", status: "404", pointer: "", keyword: "status" },
  { operation: "createQuote", status: "409", pointer: "", keyword: "status" },
  { operation: "createTransferOut", status: "202", pointer: "", keyword: "status" },
  { operation: "deleteTokenById", status: "409", pointer: "", keyword: "status" },
  { operation: "executeQuote", status: "202", pointer: "", keyword: "status" },
  { operation: "getCustomerById", status: "400", pointer: "", keyword: "status" },
  { operation: "getExchangeRates", status: "200", pointer: "/data/*/destinationPaymentRail", keyword: "enum" },
  { operation: "getInvitation", status: "400", pointer: "", keyword: "status" },
  { operation: "rejectPendingPayment", status: "200", pointer: "/failureReason", keyword: "enum" },
  { operation: "revealCard", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSend", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardAuthorization", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardClearing", status: "409", pointer: "", keyword: "status" },
  { operation: "sandboxSimulateCardReturn", status: "409", pointer: "", keyword: "status" },
  { operation: "sendCustomerEmailVerification", status: "400", pointer: "", keyword: "status" },
  { operation: "startScaLogin", status: "423", pointer: "", keyword: "status" },
  { operation: "updateCustomerById", status: "410", pointer: "", keyword: "status" },
  { operation: "uploadCustomersCsv", status: "400", pointer: "", keyword: "status" },
  { operation: "webhook INCOMING_PAYMENT.FAILED", status: "-", pointer: "/data/failureReason", keyword: "enum" },
];

export const KNOWN_DOCUMENT_DIFFERENCES: string[] = [];

// RATCHET: reference operations Meridian does not route yet (issue 19 §3 routes
// them on branch ops-sdk). This list may only shrink: tests/integration/api/contract.test.ts
// fails when an operation outside it is unrouted, and when one in it is routed
// (then delete the line).
export const UNROUTED_OPERATIONS: string[] = [
  "POST /transactions/{transactionId}/confirm",
  "POST /crypto/estimate-withdrawal-fee",
  "GET /uma-providers",
  "GET /vasps",
  "POST /auth/delegated-keys",
  "GET /auth/delegated-keys",
  "GET /auth/delegated-keys/{id}",
  "DELETE /auth/delegated-keys/{id}",
  "POST /sandbox/cards/{id}/simulate/balance_inquiry",
  "POST /sandbox/cards/{id}/simulate/credit_authorization",
  "POST /sandbox/cards/{id}/simulate/financial_authorization",
  "POST /sandbox/cards/{id}/simulate/financial_credit_authorization",
  "POST /sandbox/cards/{id}/simulate/authorization_advice",
  "POST /sandbox/cards/{id}/simulate/credit_authorization_advice",
  "POST /sandbox/cards/{id}/simulate/return_reversal",
];

// RATCHET: reference operations Meridian does not route yet (issue 19 §3). This
// list may only shrink: tests/integration/api/contract.test.ts fails when an
// operation outside it is unrouted, and when one in it is routed (then delete the line).
export const UNROUTED_OPERATIONS: string[] = [
  // A delegated key belongs to a card funded by an embedded wallet; Meridian's cards are funded by fiat accounts.
  "POST /auth/delegated-keys",
  "GET /auth/delegated-keys",
  "GET /auth/delegated-keys/{id}",
  "DELETE /auth/delegated-keys/{id}",
];

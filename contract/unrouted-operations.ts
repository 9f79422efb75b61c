// RATCHET: reference operations Meridian does not route yet (issue 19 §3). This
// list may only shrink: tests/integration/api/contract.test.ts fails when an
// operation outside it is unrouted, and when one in it is routed (then delete the line).
export const UNROUTED_OPERATIONS: string[] = [];

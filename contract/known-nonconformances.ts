// RATCHET: differences from the reference that are NOT mandated by the spec and
// not fixed yet. Both lists may only shrink, and both are empty: a difference
// the spec mandates or leaves open lives in contract/allowlist.ts with its
// citation; anything else is fixed, not listed here.
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

export const KNOWN_NONCONFORMANCES: KnownNonconformance[] = [];

export const KNOWN_DOCUMENT_DIFFERENCES: string[] = [];

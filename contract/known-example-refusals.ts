// RATCHET: request examples of the reference that Meridian refuses for a reason
// the spec does not give (a validation error or an unknown id). This list may
// only shrink: tests/integration/api/contract-examples.test.ts fails on a refusal
// not listed here, and on a listed example that is now accepted (delete it).
// Refusals the spec gives live in contract/allowlist.ts (SPEC_GIVEN_REFUSALS), not here.
// Keys: `<operationId> <example name>`.
export const KNOWN_EXAMPLE_REFUSALS: string[] = [];

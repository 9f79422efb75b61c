// Vitest setup file for the integration project: every response from the
// versioned API and every webhook the receiver captures is checked against the
// reference OpenAPI. A difference that is neither a spec-mandated one
// (contract/allowlist.ts) nor a known, listed one (contract/known-nonconformances.ts)
// fails the test that provoked it; the run's teardown (./report.ts) prints the rest.
import { afterAll, afterEach } from "vitest";
import { check, pending } from "./recorder";
import { formatViolation } from "./reference";

/** A request carrying this header is not checked against the reference. */
export const CONTRACT_PROBE_HEADER = "x-meridian-contract-probe";

const WRAPPED = Symbol.for("meridian.contract.fetch");
const original = globalThis.fetch as typeof fetch & { [WRAPPED]?: true };
if (!original[WRAPPED]) {
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    // the routing probe (contract.test.ts) sends deliberately empty requests to find unrouted operations
    const probe = new Headers(init?.headers).has(CONTRACT_PROBE_HEADER);
    if (!probe) await check(method, url, res, original);
    return res;
  };
  globalThis.fetch = Object.assign(wrapped, { [WRAPPED]: true as const });
}

function failOnNew() {
  const found = pending.splice(0);
  if (found.length)
    throw new Error(
      `response bodies differ from the reference OpenAPI (not in contract/allowlist.ts or ` +
        `contract/known-nonconformances.ts), or ("served …") from Meridian's own served OpenAPI document ` +
        `(not in contract/known-served-document-gaps.ts):\n` +
        [...new Set(found.map((c) => formatViolation(c.violation)))].map((l) => `  ${l}`).join("\n"),
    );
}

afterEach(failOnNew);
afterAll(failOnNew);

declare module "vitest" {
  export interface ProvidedContext {
    contract: { dir: string; referencePath: string };
  }
}

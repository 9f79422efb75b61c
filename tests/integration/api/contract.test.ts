// The reference OpenAPI as a contract: every reference operation is routed (up
// to the shrinking list in contract/unrouted-operations.ts), and the served
// OpenAPI document agrees with the reference operation by operation, up to the
// spec-mandated differences of contract/allowlist.ts and the shrinking
// contract/known-nonconformances.ts. (Response bodies are checked in every test:
// tests/support/contract/setup.ts.)
import { describe, expect, it } from "vitest";
import { UNROUTED_OPERATIONS } from "../../../contract/unrouted-operations";
import { newPlatform, server } from "../../support/api";
import { compareDocuments, unservedOperations, type ServedDocument } from "../../support/contract/document";
import { KNOWN_DOCUMENT_DIFFERENCES } from "../../../contract/known-nonconformances";
import { allowedBy, knownAs } from "../../support/contract/exceptions";
import { formatViolation, reference } from "../../support/contract/reference";
import { CONTRACT_PROBE_HEADER } from "../../support/contract/setup";

async function servedDocument(): Promise<ServedDocument> {
  const res = await fetch(`${server().baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as ServedDocument;
}

describe("reference contract", () => {
  it("routes every reference operation except the shrinking not-yet-routed list", async () => {
    const api = await newPlatform();
    const unrouted: string[] = [];
    for (const op of reference().operations) {
      const concrete = op.path.replace(/\{[^}]+\}/g, "Unknown:00000000-0000-7000-8000-000000000000");
      const res = await api.request(
        op.method,
        concrete,
        op.method === "GET" || op.method === "DELETE" ? undefined : {},
        { headers: { [CONTRACT_PROBE_HEADER]: "1" } },
      );
      if (res.status === 405 || (res.status === 404 && /No operation at/.test(res.body?.reason ?? "")))
        unrouted.push(`${op.method} ${op.path}`);
    }
    expect(reference().operations).toHaveLength(153);
    expect(unrouted.sort(), "newly routed operations must leave contract/unrouted-operations.ts").toEqual(
      [...UNROUTED_OPERATIONS].sort(),
    );
    expect(unservedOperations(await servedDocument()).sort()).toEqual([...UNROUTED_OPERATIONS].sort());
    // 153 sequential requests: slow on a loaded machine
  }, 300_000);

  it("serves an OpenAPI document that matches the reference operation by operation", async () => {
    // A served status that is a known live non-conformance (contract/known-nonconformances.ts: the permission
    // check's 403 and the throttle's 429 on every operation, and the per-operation entries) is the same known
    // difference in the document: one ratchet for both, so documenting what Meridian answers is not a new one.
    const differences = compareDocuments(await servedDocument()).filter(
      (v) => !allowedBy(v) && !(v.keyword === "status" && knownAs(v)),
    );
    const differing = new Set(differences.map((v) => v.operation));
    const fresh = differences.filter((v) => !KNOWN_DOCUMENT_DIFFERENCES.includes(v.operation));
    const nowAgreeing = KNOWN_DOCUMENT_DIFFERENCES.filter((op) => !differing.has(op));
    expect(
      [...new Set(fresh.map((v) => v.operation))].sort(),
      `served operations that differ from the reference (not allowlisted, not ` +
        `known):\n${fresh.map(formatViolation).join("\n")}`,
    ).toEqual([]);
    expect(nowAgreeing, "these agree with the reference now: delete them from KNOWN_DOCUMENT_DIFFERENCES").toEqual([]);
  });
});

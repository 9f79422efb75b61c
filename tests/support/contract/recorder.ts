// What the contract checks found, per test file: violations go to the run's
// shared folder (for ./report.ts) and new ones wait for ./setup.ts to fail the test.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { classify, type Classified } from "./exceptions";
import { reference, useReferenceCache, validateResponse, validateWebhook, type Violation } from "./reference";
import { servedDocument, validateServed, type Served, type ServedOperation } from "./served";
import { matchTemplate } from "./templates";

const API_PREFIX = "/api/2025-10-13";
/** The run's shared folder and reference copy (./report.ts); absent outside the integration project (unit tests). */
const contract = inject("contract") as { dir: string; referencePath: string } | undefined;
if (contract) useReferenceCache(contract.referencePath);
export const pending: Classified[] = [];

function record(violations: Violation[], context: string) {
  if (!violations.length) return;
  const classified = violations.map(classify);
  if (contract)
    appendFileSync(
      join(contract.dir, `${process.pid}.jsonl`),
      classified.map((c) => JSON.stringify({ ...c, context })).join("\n") + "\n",
    );
  pending.push(...classified.filter((c) => c.kind === "new"));
}

const unlisted = new WeakMap<Served, ServedOperation[]>();
/**
 * Served operations the reference does not list (the legacy paths released clients still call, lib/api/operations/
 * legacy.ts), from the served OpenAPI document. GET /customers/kyc-link is not getCustomerById: a request Meridian
 * routes to one of these is no reference operation's answer.
 */
function unlistedOperations(served: Served | undefined): ServedOperation[] {
  if (!served) return [];
  let found = unlisted.get(served);
  if (!found) {
    const ids = new Set(reference().operations.map((o) => o.operationId));
    found = served.operations.filter((op) => op.operationId && !ids.has(op.operationId));
    unlisted.set(served, found);
  }
  return found;
}

/**
 * Checks one answer of the versioned API against the reference (unless the server routes it to an operation the
 * reference does not list) and against the document the server itself serves (`fetcher`: a fetch that is not
 * checked, for that document).
 */
export async function check(method: string, url: URL, res: Response, fetcher: typeof fetch) {
  if (!url.pathname.startsWith(API_PREFIX)) return;
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const documentUrl = `${url.origin}${API_PREFIX}/openapi.json`;
  const matched = matchTemplate(reference().operations, method, path);
  const legacy = matched && matchTemplate(unlistedOperations(await servedDocument(documentUrl, fetcher)), method, path);
  const op = matched && !(legacy && legacy.score > matched.score) ? matched.operation : undefined;
  const text = await res.clone().text();
  let body: unknown = undefined;
  const json = (res.headers.get("content-type") ?? "").includes("json");
  if (json && text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (text && !json && res.status < 300) body = text;
  const context = `${method} ${url.pathname}`;
  if (op) record(validateResponse(op, res.status, body, text.length > 0), context);
  record(await validateServed(documentUrl, fetcher, method, path, res.status, body, text.length > 0), context);
}

/** Called by the webhook receiver for each delivery it captures. */
export function checkWebhook(payload: unknown) {
  record(validateWebhook(payload), "webhook");
}

// What the contract checks found, per test file: violations go to the run's
// shared folder (for ./report.ts) and new ones wait for ./setup.ts to fail the test.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { classify, type Classified } from "./exceptions";
import {
  matchOperation,
  reference,
  useReferenceCache,
  validateResponse,
  validateWebhook,
  type Violation,
} from "./reference";
import { validateServed } from "./served";

const API_PREFIX = "/api/2025-10-13";
useReferenceCache(inject("contract").referencePath);
export const pending: Classified[] = [];

function record(violations: Violation[], context: string) {
  if (!violations.length) return;
  const classified = violations.map(classify);
  const file = join(inject("contract").dir, `${process.pid}.jsonl`);
  appendFileSync(file, classified.map((c) => JSON.stringify({ ...c, context })).join("\n") + "\n");
  pending.push(...classified.filter((c) => c.kind === "new"));
}

/** How specifically a path template matches a path: a literal segment beats a `{param}`; null when it does not. */
function specificity(template: string, path: string): string | null {
  const tpl = template.split("/").filter(Boolean);
  const segs = path.split("/").filter(Boolean);
  if (tpl.length !== segs.length) return null;
  let score = "";
  for (let i = 0; i < tpl.length; i++) {
    if (/^\{.+\}$/.test(tpl[i])) score += "0";
    else if (tpl[i] === segs[i]) score += "1";
    else return null;
  }
  return score;
}

let unlisted: Promise<{ method: string; path: string }[]> | undefined;
/**
 * Served operations the reference does not list (the legacy paths released clients still call, lib/api/operations/
 * legacy.ts), from the served OpenAPI document. GET /customers/kyc-link is not getCustomerById: a request Meridian
 * routes to one of these is no reference operation's answer.
 */
function unlistedOperations(origin: string, fetcher: typeof fetch) {
  unlisted ??= (async () => {
    const ids = new Set(reference().operations.map((o) => o.operationId));
    const doc = (await (await fetcher(`${origin}${API_PREFIX}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.operationId && !ids.has(op.operationId))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
  })();
  return unlisted;
}

/**
 * Checks one answer of the versioned API against the reference (unless the server routes it to an operation the
 * reference does not list) and against the document the server itself serves (`fetcher`: a fetch that is not
 * checked, for that document).
 */
export async function check(method: string, url: URL, res: Response, fetcher: typeof fetch) {
  if (!url.pathname.startsWith(API_PREFIX)) return;
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  let op = matchOperation(method, path);
  if (op) {
    const referenceScore = specificity(op.path, path)!;
    for (const other of await unlistedOperations(url.origin, fetcher))
      if (other.method === method && (specificity(other.path, path) ?? "") > referenceScore) op = undefined;
  }
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
  const documentUrl = `${url.origin}${API_PREFIX}/openapi.json`;
  record(await validateServed(documentUrl, fetcher, method, path, res.status, body, text.length > 0), context);
}

/** Called by the webhook receiver for each delivery it captures. */
export function checkWebhook(payload: unknown) {
  record(validateWebhook(payload), "webhook");
}

// What the contract checks found, per test file: violations go to the run's
// shared folder (for ./report.ts) and new ones wait for ./setup.ts to fail the test.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { classify, type Classified } from "./exceptions";
import { matchOperation, useReferenceCache, validateResponse, validateWebhook, type Violation } from "./reference";
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

/**
 * Checks one answer of the versioned API against the reference and against the document the server itself serves
 * (`fetcher`: a fetch that is not checked, for that document).
 */
export async function check(method: string, url: URL, res: Response, fetcher: typeof fetch) {
  if (!url.pathname.startsWith(API_PREFIX)) return;
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const op = matchOperation(method, path);
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

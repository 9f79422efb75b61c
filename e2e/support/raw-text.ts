// The raw-code guard: text on a page is for people, so a page must not show the
// codes, ids or API messages behind it (the words for codes live in
// lib/kernel/wording.ts). Returns each offending piece with a little context.
import type { Page } from "@playwright/test";
import { WORDED_CODES } from "../../lib/kernel/wording";

const RULES: { name: string; pattern: RegExp }[] = [
  // UNDER_SCORED capitals: EMAIL_OTP, SPARK_WALLET, PENDING_APPROVAL.
  { name: "code", pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g },
  // One-word codes the wording table knows (UNVERIFIED, APPROVED, PASSKEY), in capitals.
  { name: "code", pattern: new RegExp(`\\b(?:${WORDED_CODES.filter((c) => !c.includes("_")).join("|")})\\b`, "g") },
  // Ids: UUIDs, typed ids (InternalAccount:01a2…), long hex strings.
  { name: "id", pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  { name: "id", pattern: /\b[A-Z][A-Za-z]+:[0-9a-f]{4,}/g },
  { name: "id", pattern: /\b[0-9a-f]{16,}\b/gi },
  // API and validation messages written for developers.
  { name: "api message", pattern: /Too (?:small|big|short|long): expected[^.\n]*/g },
  { name: "api message", pattern: /\bexpected (?:string|number|object|array|boolean)\b[^.\n]*/gi },
  { name: "api message", pattern: /\b[a-z]+(?:\.[a-zA-Z]+)+: Required\b/g },
  { name: "api message", pattern: /\b(?:GET|POST|PUT|PATCH|DELETE) \/[\w/{}:-]*/g },
];

/** The page's visible text (innerText leaves out hidden elements), checked against every rule. */
export async function rawTextOn(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const found: string[] = [];
  for (const { name, pattern } of RULES) {
    for (const m of text.matchAll(pattern)) {
      const at = m.index ?? 0;
      const context = text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, " ");
      found.push(`${name} "${m[0]}" in "…${context}…"`);
    }
  }
  return [...new Set(found)];
}

// Matching violations against contract/allowlist.ts (spec-mandated differences)
// and contract/known-nonconformances.ts (the shrinking ratchet of what is still wrong).
import { ALLOWLIST, type ContractDifference } from "../../../contract/allowlist";
import { KNOWN_NONCONFORMANCES, type KnownNonconformance } from "../../../contract/known-nonconformances";
import { KNOWN_SERVED_DOCUMENT_GAPS } from "../../../contract/known-served-document-gaps";
import type { Violation } from "./reference";

const globCache = new Map<string, RegExp>();
/** `*` matches within one pointer segment, `**` across segments. */
function glob(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (!re) {
    const body = pattern
      .split("**")
      .map((part) =>
        part
          .split("*")
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join("[^/]*"),
      )
      .join(".*");
    re = new RegExp(`^${body}$`);
    globCache.set(pattern, re);
  }
  return re;
}

function matches(entry: ContractDifference | KnownNonconformance, v: Violation): boolean {
  return (
    glob(entry.operation).test(v.operation) &&
    glob(entry.status ?? "*").test(v.status) &&
    glob(entry.pointer).test(v.pointer) &&
    (entry.keyword === undefined || entry.keyword === v.keyword) &&
    (!("stillProcessing" in entry) || !entry.stillProcessing || v.stillProcessing === true) &&
    // a status row limited to some error codes admits that status in the served document, which names no codes
    (!("values" in entry) ||
      !entry.values ||
      (v.document === true && v.keyword === "status") ||
      (v.value !== undefined && entry.values.includes(v.value)))
  );
}

export function allowedBy(v: Violation): ContractDifference | undefined {
  return ALLOWLIST.find((e) => matches(e, v));
}

export function knownAs(v: Violation): KnownNonconformance | undefined {
  return KNOWN_NONCONFORMANCES.find((e) => matches(e, v));
}

export const knownKey = (e: KnownNonconformance) =>
  `${e.operation} ${e.status ?? "*"} ${e.pointer}${e.keyword ? ` ${e.keyword}` : ""}`;

/** Answers checked against Meridian's own served document (./served.ts) are named `served <operationId>`. */
const SERVED = "served ";
export const servedGapKey = (e: KnownNonconformance) => `${SERVED}${knownKey(e)}`;

export type Classified = { violation: Violation; kind: "allowed" | "known" | "new"; entry?: string };

export function classify(v: Violation): Classified {
  // No spec-mandated difference can exist between Meridian and its own document: only the served ratchet applies.
  if (v.operation.startsWith(SERVED)) {
    const own = { ...v, operation: v.operation.slice(SERVED.length) };
    const gap = KNOWN_SERVED_DOCUMENT_GAPS.find((e) => matches(e, own));
    return gap ? { violation: v, kind: "known", entry: servedGapKey(gap) } : { violation: v, kind: "new" };
  }
  const allowed = allowedBy(v);
  if (allowed) return { violation: v, kind: "allowed", entry: allowed.delta };
  const known = knownAs(v);
  if (known) return { violation: v, kind: "known", entry: knownKey(known) };
  return { violation: v, kind: "new" };
}

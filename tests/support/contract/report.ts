// Vitest global setup (integration project): gathers what every worker's
// contract checks recorded and prints the remaining known non-conformances once
// per run, with the ratchet entries no longer hit (remove them); prunes the
// validator cache (./validators.ts) of documents no recent run used.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { KNOWN_NONCONFORMANCES } from "../../../contract/known-nonconformances";
import { KNOWN_SERVED_DOCUMENT_GAPS } from "../../../contract/known-served-document-gaps";
import { knownKey, servedGapKey, type Classified } from "./exceptions";
import { formatViolation, referenceJson } from "./reference";
import { VALIDATOR_CACHE_DIR } from "./validators";

/** A cache key unused this long (and not by this run) is a document no run serves any more. */
const CACHE_KEEP_MS = 60 * 60 * 1000;

/** Removes the validator cache's keys neither this run nor a concurrent one (within CACHE_KEEP_MS) used. */
function pruneValidatorCache(runStarted: number) {
  let keys: string[];
  try {
    keys = readdirSync(VALIDATOR_CACHE_DIR);
  } catch {
    return;
  }
  const before = Math.min(runStarted, Date.now() - CACHE_KEEP_MS);
  for (const key of keys) {
    const dir = join(VALIDATOR_CACHE_DIR, key);
    try {
      if (statSync(dir).mtimeMs < before) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run pruned it first
    }
  }
}

export default function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "meridian-contract-"));
  const referencePath = join(dir, "reference.json");
  writeFileSync(referencePath, referenceJson());
  project.provide("contract", { dir, referencePath });
  return () => {
    const seen: (Classified & { context: string })[] = [];
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".jsonl")))
      for (const line of readFileSync(join(dir, f), "utf8").split("\n")) if (line) seen.push(JSON.parse(line));
    rmSync(dir, { recursive: true, force: true });
    pruneValidatorCache(started);
    // for maintainers: every violation of the run as JSON lines, to review the ratchet list
    if (process.env.MERIDIAN_CONTRACT_DUMP)
      writeFileSync(process.env.MERIDIAN_CONTRACT_DUMP, seen.map((c) => JSON.stringify(c)).join("\n"));
    const known = new Map<string, Set<string>>();
    for (const c of seen.filter((c) => c.kind === "known"))
      (known.get(c.entry!) ?? known.set(c.entry!, new Set()).get(c.entry!)!).add(formatViolation(c.violation));
    const allowed = seen.filter((c) => c.kind === "allowed").length;
    const fresh = seen.filter((c) => c.kind === "new").length;
    const ratchet = [...KNOWN_NONCONFORMANCES.map(knownKey), ...KNOWN_SERVED_DOCUMENT_GAPS.map(servedGapKey)];
    const stale = ratchet.filter((k) => !known.has(k));
    const servedHit = [...known.keys()].filter((k) => k.startsWith("served ")).length;
    const lines = [
      `contract: ${allowed} spec-mandated differences (allowlist), ${fresh} new violations, ` +
        `${known.size - servedHit}/${KNOWN_NONCONFORMANCES.length} known non-conformances and ` +
        `${servedHit}/${KNOWN_SERVED_DOCUMENT_GAPS.length} known served-document gaps hit this run`,
      ...[...known.keys()].sort().map((k) => `  known: ${k}`),
      ...(stale.length ? [`  not hit this run (remove if fixed): ${stale.join("; ")}`] : []),
    ];
    console.log(lines.join("\n"));
  };
}

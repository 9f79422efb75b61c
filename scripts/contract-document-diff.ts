// Prints, per operation, how the served OpenAPI document differs from the reference (after the
// allowlist and the known live non-conformances), grouped so causes can be fixed together.
// Run: npx tsx --conditions=react-server --tsconfig tsconfig.json scripts/contract-document-diff.ts [operationId...]
import { buildOpenApiDocument } from "../lib/api/openapi";
import { operations } from "../lib/api/registry";
import { compareDocuments } from "../tests/support/contract/document";
import { allowedBy, knownAs } from "../tests/support/contract/exceptions";
import { KNOWN_DOCUMENT_DIFFERENCES } from "../contract/known-nonconformances";

const only = process.argv.slice(2);
const doc = buildOpenApiDocument(operations) as never;
const diffs = compareDocuments(doc).filter((v) => !allowedBy(v) && !(v.keyword === "status" && knownAs(v)));
const byOp = new Map<string, string[]>();
for (const v of diffs) {
  if (only.length && !only.includes(v.operation)) continue;
  const line = `${v.status} ${v.keyword} ${v.pointer || "(root)"}: ${v.message}`;
  byOp.set(v.operation, [...(byOp.get(v.operation) ?? []), line]);
}
for (const [op, lines] of [...byOp].sort()) console.log(`${op}\n  ${lines.join("\n  ")}`);
const differing = new Set(diffs.map((v) => v.operation));
console.log(`\n${differing.size} operations differ; listed ${KNOWN_DOCUMENT_DIFFERENCES.length}`);
console.log("agree now:", KNOWN_DOCUMENT_DIFFERENCES.filter((o) => !differing.has(o)).join(" ") || "-");
console.log("unlisted:", [...differing].filter((o) => !KNOWN_DOCUMENT_DIFFERENCES.includes(o)).join(" ") || "-");

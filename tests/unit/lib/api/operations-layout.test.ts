import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/api/operation";
import { operations } from "@/lib/api/registry";

const OPERATIONS_DIR = join(process.cwd(), "lib/api/operations");

/** "Cross-Currency Transfers" → "cross-currency-transfers", "KYC/KYB Verifications" → "kyc-kyb-verifications" */
function fileNameOf(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function isOperation(value: unknown): value is Operation {
  return typeof value === "object" && value !== null && "operationId" in value && "tag" in value && "handle" in value;
}

async function declaredOperations(): Promise<{ file: string; operation: Operation }[]> {
  const files = readdirSync(OPERATIONS_DIR).filter((f) => f.endsWith(".ts"));
  const found: { file: string; operation: Operation }[] = [];
  for (const file of files) {
    const module = (await import(join(OPERATIONS_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const candidates = Array.isArray(value) ? value : isOperation(value) ? [value] : Object.values(value ?? {});
      for (const candidate of candidates) if (isOperation(candidate)) found.push({ file, operation: candidate });
    }
  }
  return found;
}

describe("lib/api/operations: one file per group of the reference", () => {
  it("declares every operation in the file named after its tag", async () => {
    const declared = await declaredOperations();
    expect(declared.length).toBeGreaterThan(0);
    const misplaced = declared
      .filter(({ file, operation }) => `${fileNameOf(operation.tag)}.ts` !== file)
      .map(({ file, operation }) => `${operation.operationId} (${operation.tag}) in ${file}`);
    expect(misplaced).toEqual([]);
  });

  it("the registry serves exactly the declared operations, each operationId once", async () => {
    const declared = new Set((await declaredOperations()).map(({ operation }) => operation.operationId));
    const served = operations.map((o) => o.operationId);
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });
});

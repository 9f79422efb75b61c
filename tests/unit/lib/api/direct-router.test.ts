import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createRouter } from "@/lib/api/node";
import { operations } from "@/lib/api/registry";

const API_DIR = join(process.cwd(), "app/api/2025-10-13");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** "/customers/{customerId}" for app/api/2025-10-13/customers/[customerId]/route.ts */
function templateOf(file: string): string {
  const rel = relative(API_DIR, file).replace(/\/?route\.ts$/, "");
  return `/${rel}`.replace(/\[([^\]]+)\]/g, "{$1}");
}

const templates = routeFiles(API_DIR)
  .map(templateOf)
  .filter((t) => t !== "/{...path}" && t !== "/openapi.json");

describe("direct API router", () => {
  const match = createRouter();

  it("serves exactly the paths the Next route files serve", () => {
    expect(new Set(operations.map((op) => op.path))).toEqual(new Set(templates));
  });

  it("resolves every route file's path to that route, literals winning over parameters", () => {
    for (const t of templates) {
      const sample = t.replace(/\{[^}]+\}/g, "Sample:0192aaaa-0000-7000-8000-000000000001");
      const found = match(`/api/2025-10-13${sample}`);
      expect(found, t).not.toBeNull();
      const path = `/${found!.route.segments.map((s) => ("literal" in s ? s.literal : `{${s.param}}`)).join("/")}`;
      expect(path, t).toBe(t);
    }
  });

  it("decodes parameters and declines what it does not serve", () => {
    expect(match("/api/2025-10-13/customers/Customer%3Aabc")?.params).toEqual({ customerId: "Customer:abc" });
    expect(match("/api/2025-10-13/customers/internal-accounts")?.params).toEqual({});
    expect(match("/api/2025-10-13/no-such-thing")).toBeNull();
    expect(match("/api/2025-10-13/config/")).toBeNull();
    expect(match("/api/2025-10-13/customers//x")).toBeNull();
    expect(match("/api/2024-01-01/config")).toBeNull();
  });

  it("names a path parameter that is not valid percent-encoded UTF-8 instead of decoding it", () => {
    const found = match("/api/2025-10-13/customers/%E0%A4%A");
    expect(found?.malformedParam).toBe("customerId");
    expect(found?.params).toEqual({});
    expect(match("/api/2025-10-13/customers/Customer:%ED%A0%80")?.malformedParam).toBe("customerId");
  });
});

import { describe, expect, it } from "vitest";
import { withCodeSamples } from "@/lib/api/code-samples";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/registry";

type Sample = { lang: string; label: string; source: string };
type Loose = Record<string, Record<string, { "x-codeSamples": Sample[]; requestBody?: unknown }>>;

const doc = withCodeSamples(buildOpenApiDocument(operations), "https://pay.example.com");
const paths = doc.paths as unknown as Loose;

describe("withCodeSamples", () => {
  it("gives every operation a curl and a JavaScript example against the origin and the versioned base", () => {
    for (const [path, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item)) {
        const samples = op["x-codeSamples"];
        expect(
          samples.map((s) => s.label),
          `${method} ${path}`,
        ).toEqual(["curl", "JavaScript"]);
        const url = `https://pay.example.com/api/2025-10-13${path}`;
        expect(samples[0].source).toContain(`curl -X ${method.toUpperCase()} "${url}"`);
        expect(samples[1].source).toContain(`await fetch("${url}"`);
      }
  });

  it("sends credentials, an idempotency key and a body the schema's required fields fill", () => {
    const [curl, js] = paths["/customers"].post["x-codeSamples"];
    expect(curl.source).toContain(`-u "$CLIENT_ID:$CLIENT_SECRET"`);
    expect(curl.source).toMatch(/-d '\{\n {2}"/);
    expect(js.source).toContain("body: JSON.stringify({");
    const list = paths["/customers"].get["x-codeSamples"][0].source;
    expect(list).not.toContain("-d '");
  });

  it("leaves the document it was given alone", () => {
    const plain = buildOpenApiDocument(operations);
    withCodeSamples(plain, "https://pay.example.com");
    expect(JSON.stringify(plain)).not.toContain("x-codeSamples");
  });
});

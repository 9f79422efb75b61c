// The validators' disk cache (tests/support/contract/validators.ts) must not change a verdict: a validator loaded
// as cached standalone code rejects exactly what the freshly compiled one rejects, with the same errors.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reference } from "../../../support/contract/reference";
import { documentValidators, pointerSegment } from "../../../support/contract/validators";

const dir = mkdtempSync(join(tmpdir(), "meridian-validators-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUOTE_201 = `/paths/${pointerSegment("/quotes")}/post/responses/201/content/application~1json/schema`;
let doc: Record<string, any>;
let example: Record<string, unknown>;

beforeAll(() => {
  doc = reference().doc;
  example = doc.paths["/quotes"].post.responses["201"].content["application/json"].example;
  // parsing the reference YAML takes seconds
}, 120_000);

const verdict = (validate: (body: unknown) => boolean, body: unknown) => {
  const ok = validate(body);
  const errors = (
    (validate as { errors?: { instancePath: string; keyword: string; params: unknown; data: unknown }[] }).errors ?? []
  ).map(({ instancePath, keyword, params, data }) => ({ instancePath, keyword, params, data }));
  return { ok, errors: ok ? [] : errors };
};

describe("document validators", () => {
  it("give the same verdicts compiled and loaded from the cache", () => {
    const compiled = documentValidators("reference", doc, dir).validator(QUOTE_201);
    // the first instance compiled it and wrote it down; a second one (a later test file) loads that code
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(join(dir, readdirSync(dir)[0]))).toHaveLength(1);
    const cached = documentValidators("reference", doc, dir).validator(QUOTE_201);
    expect(cached).not.toBe(compiled);
    const bodies = [example, { ...example, id: 42, status: "NOT_A_STATUS" }, { ...example, id: undefined }, {}, null];
    const verdicts = bodies.map((b) => verdict(cached, b));
    expect(verdicts.map((v) => v.ok)).toEqual([true, false, false, false, false]);
    expect(verdicts).toEqual(bodies.map((b) => verdict(compiled, b)));
    expect(verdicts[1].errors).toContainEqual(
      expect.objectContaining({ instancePath: "/id", keyword: "type", data: 42 }),
    );
  }, 120_000);

  it("key the cache by the document, not by the server its samples name", () => {
    const served = (port: number): Record<string, any> => ({
      ...doc,
      servers: [{ url: `http://127.0.0.1:${port}/api/2025-10-13` }],
      "x-codeSamples": [{ lang: "curl", source: `curl http://localhost:${port}/api/2025-10-13/quotes` }],
    });
    documentValidators("served", served(4101), dir).validator(QUOTE_201);
    const before = readdirSync(dir).length;
    documentValidators("served", served(4102), dir).validator(QUOTE_201);
    expect(readdirSync(dir)).toHaveLength(before);
    const changed = structuredClone(served(4102));
    changed.components.schemas.Quote.required = [];
    documentValidators("served", changed, dir).validator(QUOTE_201);
    expect(readdirSync(dir)).toHaveLength(before + 1);
  }, 120_000);
});

import { describe, expect, it } from "vitest";
import { hoistSharedSchemas } from "@/lib/api/openapi-components";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/registry";
import { inlineSchemaRefs } from "../../../support/openapi-inline";

const big = (tag: string) => ({
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`field${i}`, { type: "string", description: `${tag} ${i}` }]),
  ),
  required: ["field0"],
});

// Loose JSON on purpose: the tests read deep into hand-made documents.
type Loose = any;

function docWith(paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) {
  return { openapi: "3.1.0", paths: paths as Loose, components: { schemas } };
}

const op = (operationId: string, body: unknown, response: unknown) => ({
  post: {
    operationId,
    requestBody: { content: { "application/json": { schema: body } } },
    responses: { "201": { description: "ok", content: { "application/json": { schema: response } } } },
  },
});

describe("hoistSharedSchemas", () => {
  it("moves a schema used twice into components, named where it first occurs, and refers to it", () => {
    const address = big("address");
    const doc = docWith({
      "/a": op("createThing", { type: "object", properties: { homeAddress: address } }, { type: "string" }),
      "/b": op("createOther", { type: "object", properties: { other: structuredClone(address) } }, { type: "string" }),
    });
    const before = structuredClone(doc);
    const out = hoistSharedSchemas(doc);
    expect(Object.keys(out.components.schemas)).toEqual(["HomeAddress"]);
    const a = out.paths["/a"].post.requestBody.content["application/json"].schema as { properties: object };
    expect(a.properties).toEqual({ homeAddress: { $ref: "#/components/schemas/HomeAddress" } });
    // Same meaning: resolving the references gives the document back.
    expect(inlineSchemaRefs(out).paths).toEqual(before.paths);
  });

  it("refers to an existing component with the same content by its name, and leaves small or single schemas inline", () => {
    const error = big("error");
    const doc = docWith(
      {
        "/a": op("a", { type: "object", properties: { id: { type: "string" } } }, structuredClone(error)),
        "/b": op("b", { type: "object", properties: { id: { type: "string" } } }, structuredClone(error)),
        "/c": op("c", big("only once"), { type: "string" }),
      },
      { Error: error },
    );
    const out = hoistSharedSchemas(doc);
    expect(Object.keys(out.components.schemas)).toEqual(["Error"]);
    expect(out.paths["/a"].post.responses["201"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(out.paths["/a"].post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
    });
    expect(out.paths["/c"].post.requestBody.content["application/json"].schema).toEqual(big("only once"));
  });

  it("keeps the parts of a hoisted schema inline unless they also occur elsewhere", () => {
    const inner = big("inner");
    const outer = { type: "object", properties: { inner, extra: big("extra") } };
    const doc = docWith({
      "/a": op("a", structuredClone(outer), { type: "string" }),
      "/b": op("b", structuredClone(outer), { type: "string" }),
    });
    const out = hoistSharedSchemas(doc);
    expect(Object.keys(out.components.schemas)).toEqual(["ARequest"]);
    expect((out.components.schemas as Record<string, unknown>).ARequest).toEqual(outer);
  });
});

describe("the served document", () => {
  const doc = buildOpenApiDocument(operations);

  it("is compact: shared schemas are components (it was 4.5 MB with every use inlined)", () => {
    const size = JSON.stringify(doc).length;
    console.log(`openapi.json: ${size} bytes, ${Object.keys(doc.components.schemas).length} component schemas`);
    expect(size).toBeLessThan(1_000_000);
    expect(doc.components.schemas).toHaveProperty("Error");
  });

  it("has every reference resolvable", () => {
    expect(() => inlineSchemaRefs(doc)).not.toThrow();
    expect(JSON.stringify(inlineSchemaRefs(doc).paths)).not.toContain('"$ref"');
  });
});

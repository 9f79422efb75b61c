import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/kernel/errors";
import { errorStatus } from "@/lib/api/errors";
import { isStorableText, MAX_INPUT_DEPTH, parseOrThrow, parseRequestInput, strictInput } from "@/lib/kernel/validation";

function errorsOf(schema: z.ZodType, input: unknown) {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    const e = err as DomainError;
    expect(e.code).toBe("INVALID_INPUT");
    expect(errorStatus(e)).toBe(400);
    return (e.details as { errors: { field: string; constraint: string; message: string }[] }).errors;
  }
  throw new Error("expected a validation error");
}

describe("zod issues become FieldErrors", () => {
  const Schema = z.object({
    name: z.string().min(2).max(5),
    age: z.number().int().min(0),
    email: z.email(),
    code: z.string().regex(/^[A-Z]{3}$/),
    kind: z.enum(["A", "B"]),
    nested: z.object({ inner: z.string() }),
    tags: z.array(z.string()).max(1),
  });

  it("lists every invalid field at once with dot paths and constraint kinds", () => {
    const errors = errorsOf(Schema, {
      name: "x",
      age: 1.5,
      email: "nope",
      code: "abc",
      kind: "C",
      nested: {},
      tags: ["a", "b"],
    });
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.constraint]));
    expect(byField).toEqual({
      name: "MIN_LENGTH",
      age: "TYPE",
      email: "FORMAT",
      code: "PATTERN",
      kind: "ENUM",
      "nested.inner": "REQUIRED",
      tags: "MAX_LENGTH",
    });
    for (const e of errors) expect(e.message).toBeTruthy();
  });

  it("reports a missing field as REQUIRED and a wrong type as TYPE", () => {
    const errors = errorsOf(z.object({ a: z.string(), b: z.number() }), { b: "1" });
    expect(errors).toEqual([
      { field: "a", constraint: "REQUIRED", message: "Required" },
      expect.objectContaining({ field: "b", constraint: "TYPE" }),
    ]);
  });

  it("reports numbers out of range as MINIMUM / MAXIMUM", () => {
    const errors = errorsOf(z.object({ lo: z.number().min(1), hi: z.number().max(3) }), { lo: 0, hi: 4 });
    expect(errors.map((e) => e.constraint)).toEqual(["MINIMUM", "MAXIMUM"]);
  });

  it("names the discriminator of a discriminated union with an unknown value", () => {
    const U = z.discriminatedUnion("type", [
      z.object({ type: z.literal("X"), x: z.string() }),
      z.object({ type: z.literal("Y"), y: z.string() }),
    ]);
    expect(errorsOf(z.object({ item: U }), { item: { type: "Z" } })).toEqual([
      expect.objectContaining({ field: "item.type", constraint: "ENUM" }),
    ]);
    // with a valid discriminator, the chosen variant's fields are reported
    expect(errorsOf(U, { type: "Y" })).toEqual([{ field: "y", constraint: "REQUIRED", message: "Required" }]);
  });

  it("reports unknown keys of strict objects one by one", () => {
    const errors = errorsOf(z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 });
    expect(errors.map((e) => [e.field, e.constraint])).toEqual([
      ["b", "UNKNOWN_FIELD"],
      ["c", "UNKNOWN_FIELD"],
    ]);
  });

  it("returns the parsed value when valid", () => {
    expect(parseOrThrow(z.object({ n: z.coerce.number() }), { n: "4" })).toEqual({ n: 4 });
  });
});

describe("strictInput: unknown request body fields are refused at every depth", () => {
  const Address = z.object({ line1: z.string(), country: z.string() });
  const Body = strictInput(
    z.object({
      kind: z.enum(["A", "B"]),
      address: Address.optional(),
      items: z.array(z.object({ sku: z.string() })).default([]),
      choice: z
        .discriminatedUnion("type", [
          z.object({ type: z.literal("X"), x: z.number() }),
          z.object({ type: z.literal("Y"), y: z.number() }),
        ])
        .nullable()
        .optional(),
      either: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]).optional(),
      flag: z
        .enum(["true", "false"])
        .transform((v) => v === "true")
        .optional(),
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
  );

  it("names each unknown field with its dot path", () => {
    const errors = errorsOf(Body, {
      kind: "A",
      extra: 1,
      address: { line1: "1 Main", country: "US", zip: "1" },
      items: [{ sku: "s", qty: 2 }],
      choice: { type: "X", x: 1, y: 2 },
      either: { b: "ok", c: 1 },
    });
    expect(
      errors
        .filter((e) => e.constraint === "UNKNOWN_FIELD")
        .map((e) => e.field)
        .sort(),
    ).toEqual(["address.zip", "choice.y", "either.c", "extra", "items.0.qty"]);
  });

  it("keeps what the schema accepted: defaults, transforms, free-form records; and the original schema stays lenient", () => {
    expect(
      parseOrThrow(Body, { kind: "B", flag: "true", meta: { anything: { goes: 1 } }, either: { b: "x" } }),
    ).toEqual({
      kind: "B",
      items: [],
      flag: true,
      meta: { anything: { goes: 1 } },
      either: { b: "x" },
    });
    expect(Address.parse({ line1: "1", country: "US", zip: "1" })).toEqual({ line1: "1", country: "US" });
  });

  it("documents additionalProperties: false in JSON Schema", () => {
    const json = z.toJSONSchema(Body, { io: "input" }) as unknown as {
      additionalProperties?: boolean;
      properties: { address: { additionalProperties?: boolean } };
    };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.address.additionalProperties).toBe(false);
  });
});

describe("parseRequestInput: text PostgreSQL cannot store is refused before the schema", () => {
  function refusal(input: unknown) {
    try {
      parseRequestInput(undefined, input);
    } catch (err) {
      return err as DomainError;
    }
    return null;
  }

  it("refuses NUL and unpaired surrogates in values and keys, naming each field", () => {
    const err = refusal({ a: "x\u0000", b: ["ok", "\ud800"], c: { d: "\udc00" }, ["k\u0000"]: 1, fine: "😀 é" });
    expect(err?.code).toBe("INVALID_INPUT");
    expect((err?.details as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual([
      "(key)",
      "a",
      "b.1",
      "c.d",
    ]);
  });

  it("accepts paired surrogates and ordinary text, and returns the schema's output", () => {
    expect(isStorableText("😀 \ud83d\ude00 naïve")).toBe(true);
    expect(isStorableText("\ude00\ud83d")).toBe(false);
    expect(parseRequestInput(z.object({ n: z.coerce.number() }), { n: "5" })).toEqual({ n: 5 });
  });

  it("refuses input nested deeper than MAX_INPUT_DEPTH without exhausting the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refusal(deep)?.code).toBe("INVALID_REQUEST_FORMAT");
    let ok: unknown = "x";
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(refusal(ok)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { parseOrThrow } from "@/lib/api/validation";

function errorsOf(schema: z.ZodType, input: unknown) {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.code).toBe("INVALID_INPUT");
    expect(e.status).toBe(400);
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
    const errors = errorsOf(Schema, { name: "x", age: 1.5, email: "nope", code: "abc", kind: "C", nested: {}, tags: ["a", "b"] });
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
    const U = z.discriminatedUnion("type", [z.object({ type: z.literal("X"), x: z.string() }), z.object({ type: z.literal("Y"), y: z.string() })]);
    expect(errorsOf(z.object({ item: U }), { item: { type: "Z" } })).toEqual([expect.objectContaining({ field: "item.type", constraint: "ENUM" })]);
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

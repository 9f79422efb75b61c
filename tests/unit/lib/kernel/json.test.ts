import { describe, expect, it } from "vitest";
import { toJsonText } from "@/lib/kernel/json";

describe("toJsonText", () => {
  it("writes BigInts as JSON integers, wherever they sit", () => {
    expect(toJsonText({ a: 1n, b: [2n, { c: -3n }], d: "4" })).toBe('{"a":1,"b":[2,{"c":-3}],"d":"4"}');
  });

  it("gives what JSON.stringify gives for values without BigInts", () => {
    const value = { s: 'x\u2028"', n: 1.5, nil: null, skip: undefined, when: new Date(0), list: [undefined, true] };
    expect(toJsonText(value)).toBe(JSON.stringify(value));
  });

  it("still refuses a circular value", () => {
    const loop: Record<string, unknown> = { n: 1n };
    loop.self = loop;
    expect(() => toJsonText(loop)).toThrow(TypeError);
  });
});

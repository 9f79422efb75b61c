import { describe, expect, it } from "vitest";
import { isUuid, newUuid, randomHex } from "../../../lib/ids";

describe("newUuid", () => {
  it("makes RFC 9562 version 7 ids carrying the current Unix millisecond", () => {
    const before = Date.now();
    const id = newUuid();
    const after = Date.now();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    const ms = parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it("sorts in the order the ids were made, within a millisecond too, and never repeats", () => {
    const ids = Array.from({ length: 20_000 }, () => newUuid());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // Many ids share a millisecond here, so the counter is what keeps them ordered.
    const perMs = new Set(ids.map((id) => id.slice(0, 13))).size;
    expect(perMs).toBeLessThan(ids.length);
  });
});

describe("randomHex", () => {
  it("gives lower-case hex of the requested length, different each time, across pool refills", () => {
    const values = Array.from({ length: 3000 }, () => randomHex(5));
    for (const v of values) expect(v).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(values).size).toBeGreaterThan(2990);
  });
});

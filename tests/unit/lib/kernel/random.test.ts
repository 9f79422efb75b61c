import { describe, expect, it } from "vitest";
import { pooledRandomBytes, pooledRandomInt } from "../../../../lib/kernel/random";

describe("pooled randomness", () => {
  it("hands out fresh bytes of the asked length, across refills of the pool", () => {
    const seen = new Set<string>();
    // 3,000 × 12 bytes walks through the 8 KiB pool four times.
    for (let i = 0; i < 3000; i++) {
      const b = pooledRandomBytes(12);
      expect(b).toHaveLength(12);
      seen.add(b.toString("hex"));
    }
    expect(seen.size).toBe(3000);
  });

  it("returns a copy: changing it does not change a later value", () => {
    const a = pooledRandomBytes(16);
    a.fill(0);
    expect(pooledRandomBytes(16).equals(Buffer.alloc(16))).toBe(false);
  });

  it("draws integers in [0, max) with every value about equally often", () => {
    const counts = new Array<number>(10).fill(0);
    const n = 50_000;
    for (let i = 0; i < n; i++) counts[pooledRandomInt(10)]++;
    // Chi-square with 9 degrees of freedom: above 40 happens by chance about once in 200,000 runs.
    const chi = counts.reduce((sum, c) => sum + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi).toBeLessThan(40);
    expect(pooledRandomInt(1)).toBe(0);
    for (let i = 0; i < 1000; i++) expect(pooledRandomInt(1000)).toBeLessThan(1000);
  });

  it("refuses sizes it cannot serve", () => {
    expect(() => pooledRandomBytes(257)).toThrow(RangeError);
    expect(() => pooledRandomInt(0)).toThrow(RangeError);
    expect(() => pooledRandomInt(70_000)).toThrow(RangeError);
  });
});

// GET /uma-providers and GET /vasps: the sandbox directories, filtered and
// paged with the reference's limit/cursor.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";

describe("directories", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("GET /uma-providers lists providers with their currencies, filtered by country and currency", async () => {
    const all = await api.get("/uma-providers");
    expect(all.status, all.text).toBe(200);
    expect(all.body.totalCount).toBe(all.body.data.length);
    expect(all.body.data.length).toBeGreaterThan(2);
    for (const p of all.body.data) {
      expect(p).toMatchObject({ name: expect.any(String), domain: expect.any(String), allowListStatus: true });
      for (const c of p.supportedCurrencies)
        expect(c).toMatchObject({ code: expect.any(String), decimals: expect.any(Number) });
    }
    const names = all.body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort().reverse());
    const mx = await api.get("/uma-providers?countryCode=MX&currencyCode=MXN&sortOrder=asc");
    expect(mx.body.data.length).toBeGreaterThan(0);
    for (const p of mx.body.data) {
      expect(p.supportedRegions).toContain("MX");
      expect(p.supportedCurrencies.map((c: { code: string }) => c.code)).toContain("MXN");
    }
    // The reference documents no 400 here: a filter no provider can match is the empty page, not a refusal.
    for (const query of ["countryCode=usa", "currencyCode=XYZ1", "hasBlockedProviders=maybe", "cursor=not-ours"]) {
      const none = await api.get(`/uma-providers?${query}`);
      expect(none.status, query).toBe(200);
      expect(none.body, query).toEqual({ data: [], hasMore: false, totalCount: 0 });
    }
    const clamped = await api.get("/uma-providers?limit=1000&sortOrder=sideways");
    expect(clamped.status).toBe(200);
    expect(clamped.body.data.map((p: { name: string }) => p.name)).toEqual(names.slice(0, 100));
  });

  it("GET /vasps pages through the VASP names with cursors", async () => {
    const first = await api.get("/vasps?limit=3");
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.hasMore).toBe(true);
    const seen = [...first.body.data];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await api.get(`/vasps?limit=3&cursor=${cursor}`);
      seen.push(...page.body.data);
      cursor = page.body.hasMore ? page.body.nextCursor : undefined;
    }
    const names = seen.map((v: { vaspName: string }) => v.vaspName);
    expect(names).toContain("Kraken");
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await api.get("/vasps?cursor=garbage")).status).toBe(400);
  });
});

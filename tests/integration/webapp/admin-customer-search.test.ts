// The admin customer picker's search (GET /api/admin/customers/search?q=): live
// customers of the BFF's own platform whose name, email or platformCustomerId
// contains the query, for staff sessions only; the query plan is checked in
// tests/integration/db/list-plans.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newPlatform, server } from "../../support/api";
import { Browser, staffBrowser } from "../../support/staff";

interface Match {
  id: string;
  name: string;
  email?: string;
  platformCustomerId: string;
  umaAddress: string;
}

describe("admin customer search", () => {
  let api: ApiClient;
  let viewer: Browser;
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  let zora: { id: string; umaAddress: string };

  const search = async (q: string, as: Browser = viewer) => {
    const res = await as.bff("GET", `/api/admin/customers/search?q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { customers: Match[]; more: boolean };
  };

  const create = async (client: ApiClient, body: Record<string, unknown>) => {
    const res = await client.post("/customers", { customerType: "INDIVIDUAL", currencies: ["USD"], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; umaAddress: string };
  };

  beforeAll(async () => {
    const s = server();
    api = new ApiClient(s.baseUrl, s.clientId, s.clientSecret, "");
    viewer = await staffBrowser("viewer");
    zora = await create(api, {
      fullName: `Zora Quillfeather`,
      email: `zora.q.${stamp}@search.example`,
      platformCustomerId: `crm-${stamp}-zora`,
    });
    await create(api, {
      customerType: "BUSINESS",
      businessInfo: {
        legalName: `Quillfeather ${stamp} Trading Ltd`,
        country: "US",
        incorporatedOn: "2020-01-15",
        taxId: "12-3456789",
      },
      platformCustomerId: `crm-${stamp}-biz`,
    });
    // Another platform's customer with the same name, email and reference never shows.
    const other = await newPlatform("Other search platform");
    await create(other, {
      fullName: `Zora Quillfeather`,
      email: `zora.q.${stamp}@search.example`,
      platformCustomerId: `crm-${stamp}-zora`,
    });
  });

  it("finds the platform's own customer by part of the name, of the email or of the platform's reference", async () => {
    for (const q of [`zora.q.${stamp}`, `${stamp}@search`, `crm-${stamp}-zo`, `ZORA.Q.${stamp.toUpperCase()}`]) {
      const found = await search(q);
      expect(found.customers, q).toEqual([
        {
          id: zora.id,
          name: "Zora Quillfeather",
          email: `zora.q.${stamp}@search.example`,
          platformCustomerId: `crm-${stamp}-zora`,
          umaAddress: zora.umaAddress,
        },
      ]);
      expect(found.more).toBe(false);
    }
  });

  it("names a business by its legal name, and lists every match of a shared part, word starts first", async () => {
    const found = await search(`crm-${stamp}`);
    expect(found.customers.map((c) => c.name).sort()).toEqual([
      `Quillfeather ${stamp} Trading Ltd`,
      "Zora Quillfeather",
    ]);
    const byName = await search(`quillfeather ${stamp}`);
    expect(byName.customers.map((c) => c.name)).toEqual([`Quillfeather ${stamp} Trading Ltd`]);
    expect(byName.customers[0]).not.toHaveProperty("email");
  });

  it("never shows another platform's customers, deleted customers, or matches of LIKE's wildcards", async () => {
    const found = await search(`${stamp}@search`);
    expect(found.customers.map((c) => c.id)).toEqual([zora.id]);
    expect((await search(`zora.q.%${stamp}`)).customers).toEqual([]);
    expect((await search(`crm_${stamp}`)).customers).toEqual([]);
    const gone = await create(api, { fullName: "Gone Quillfeather", platformCustomerId: `crm-${stamp}-gone` });
    expect((await search(`crm-${stamp}-gone`)).customers.map((c) => c.id)).toEqual([gone.id]);
    expect((await api.delete(`/customers/${encodeURIComponent(gone.id)}`)).status).toBe(200);
    expect((await search(`crm-${stamp}-gone`)).customers).toEqual([]);
  });

  it("answers nothing for fewer than two characters, and caps the list with `more`", async () => {
    expect(await search("z")).toEqual({ customers: [], more: false });
    expect(await search("   ")).toEqual({ customers: [], more: false });
    const many = `Many${stamp}`;
    for (let i = 0; i < 11; i++) await create(api, { fullName: `${many} Person ${i}` });
    const found = await search(many);
    expect(found.customers).toHaveLength(10);
    expect(found.more).toBe(true);
  });

  it("is for staff only: no session is 401 in the spec's envelope", async () => {
    const res = await new Browser().bff("GET", `/api/admin/customers/search?q=zora`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import { business, completeIndividual, owner } from "./helpers";

describe("Customers: create, list, get, update, delete", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("reports every invalid field of a create at once", async () => {
    const res = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Bad Fields",
      birthDate: "1990-13-45",
      nationality: "usa",
      phoneNumber: "555-1234",
      region: "Europe",
      idType: "PASSPORTISH",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    const fields = res.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["birthDate", "idType", "nationality", "phoneNumber", "region"]);
    const bad = await api.post("/customers", { customerType: "ROBOT" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ field: "customerType", constraint: "ENUM" });
    const biz = await api.post("/customers", {
      customerType: "BUSINESS",
      businessInfo: { legalName: "X", country: "US", incorporatedOn: "2020-02-30" },
    });
    expect(biz.status).toBe(400);
    expect(biz.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "businessInfo.incorporatedOn",
      "businessInfo.taxId",
    ]);
  });

  it("never returns the write-only identifier and generates umaAddress and platformCustomerId", async () => {
    const res = await api.post("/customers", completeIndividual("Ida Identifier"));
    expect(res.status).toBe(201);
    expect(res.body.identifier).toBeUndefined();
    expect(res.body.idType).toBe("SSN");
    expect(res.body.umaAddress).toMatch(/^\$user\.[0-9a-f]+@/);
    expect(res.body.platformCustomerId).toBe(res.body.id.split(":")[1]);
    expect(res.body.kycStatus).toBe("UNVERIFIED");
    expect(res.body.contactVerification).toBeUndefined();
    const got = await api.get(`/customers/${res.body.id}`);
    expect(got.body.identifier).toBeUndefined();
  });

  it("409 CONFLICT on a platformCustomerId collision; 20 concurrent creates yield exactly one customer", async () => {
    const first = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Dup One",
      platformCustomerId: "dup-1",
    });
    expect(first.status).toBe(201);
    const again = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Dup Two",
      platformCustomerId: "dup-1",
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post("/customers", { customerType: "INDIVIDUAL", fullName: `Racer ${i}`, platformCustomerId: "race-1" }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe("CONFLICT");
    const { rows } = await database().query(
      `SELECT count(*)::int AS n FROM customers WHERE platform_id = $1 AND platform_customer_id = 'race-1'`,
      [api.platformId],
    );
    expect(rows[0].n).toBe(1);
  });

  it("409 UMA_ADDRESS_EXISTS on create and on update", async () => {
    const a = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Uma One",
      umaAddress: "$uma.one@example.com",
    });
    expect(a.status).toBe(201);
    const b = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Uma Two",
      umaAddress: "$uma.one@example.com",
    });
    expect(b.status).toBe(409);
    expect(b.body.code).toBe("UMA_ADDRESS_EXISTS");
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Uma Three" });
    const patch = await api.patch(`/customers/${c.body.id}`, {
      customerType: "INDIVIDUAL",
      umaAddress: "$UMA.one@example.com",
    });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe("UMA_ADDRESS_EXISTS");
  });

  it("lists with filters and cursor pagination", async () => {
    const p = await newPlatform();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await p.post("/customers", {
        customerType: "INDIVIDUAL",
        fullName: `List ${i}`,
        platformCustomerId: `list-${i}`,
        region: i % 2 ? "FR" : "US",
        currencies: i === 4 ? ["USD", "EUR"] : ["USD"],
      });
      made.push(r.body.id);
    }
    await p.post("/customers", business("REG-999", { platformCustomerId: "biz-1" }));
    const page1 = await p.get("/customers?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 6 });
    expect(page1.body.data).toHaveLength(2);
    const page2 = await p.get(`/customers?limit=2&cursor=${page1.body.nextCursor}`);
    const page3 = await p.get(`/customers?limit=2&cursor=${page2.body.nextCursor}`);
    expect(page3.body.hasMore).toBe(false);
    const all = [...page1.body.data, ...page2.body.data, ...page3.body.data].map((c: { id: string }) => c.id);
    expect(new Set(all).size).toBe(6);

    expect(
      (await p.get("/customers?customerType=BUSINESS")).body.data.map(
        (c: { platformCustomerId: string }) => c.platformCustomerId,
      ),
    ).toEqual(["biz-1"]);
    expect((await p.get("/customers?platformCustomerId=list-3")).body.data[0].id).toBe(made[3]);
    expect((await p.get("/customers?region=FR")).body.totalCount).toBe(2);
    expect((await p.get("/customers?currency=EUR")).body.data.map((c: { id: string }) => c.id)).toEqual([made[4]]);
    const uma = (await p.get(`/customers/${made[2]}`)).body.umaAddress;
    expect((await p.get(`/customers?umaAddress=${encodeURIComponent(uma)}`)).body.data[0].id).toBe(made[2]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await p.get(`/customers?createdAfter=${future}`)).body.totalCount).toBe(0);
    expect((await p.get(`/customers?createdBefore=${future}&updatedBefore=${future}`)).body.totalCount).toBe(6);
    expect((await p.get(`/customers?updatedAfter=${future}`)).body.totalCount).toBe(0);

    const bad = await p.get("/customers?limit=500&customerType=ALIEN&createdAfter=yesterday&isIncludingDeleted=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "createdAfter",
      "customerType",
      "isIncludingDeleted",
      "limit",
    ]);
    expect((await p.get("/customers?cursor=garbage")).status).toBe(400);

    await p.delete(`/customers/${made[0]}`);
    expect((await p.get("/customers")).body.totalCount).toBe(5);
    const withDeleted = await p.get("/customers?isIncludingDeleted=true");
    expect(withDeleted.body.totalCount).toBe(6);
    expect(withDeleted.body.data.find((c: { id: string }) => c.id === made[0]).isDeleted).toBe(true);
  });

  it("the unfiltered list (one statement) shows each customer as its GET and a filtered list do", async () => {
    const p = await newPlatform();
    const eu = await p.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Eu Contact",
      region: "FR",
      email: "eu.contact@example.com",
      phoneNumber: "+33612345678",
    });
    const biz = await p.post("/customers", business("REG-123"));
    expect((await p.post("/beneficial-owners", owner(biz.body.id, "Owner One"))).status).toBe(201);
    expect((await p.post("/beneficial-owners", owner(biz.body.id, "Owner Two"))).status).toBe(201);
    const gone = await p.post("/customers", completeIndividual("Gone Person"));
    await p.delete(`/customers/${gone.body.id}`);
    const far = "2000-01-01T00:00:00Z";
    for (const extra of ["", "&isIncludingDeleted=true"]) {
      const unfiltered = await p.get(`/customers?limit=10${extra}`);
      const filtered = await p.get(`/customers?limit=10&createdAfter=${far}${extra}`);
      expect(unfiltered.body).toEqual(filtered.body);
    }
    const all = (await p.get("/customers?isIncludingDeleted=true")).body.data;
    expect(all.map((c: { id: string }) => c.id)).toEqual([gone.body.id, biz.body.id, eu.body.id]);
    for (const c of all) expect(c).toEqual((await p.get(`/customers/${c.id}`)).body);
    expect(all[1].beneficialOwners).toHaveLength(2);
    expect(all[2].contactVerification).toEqual({ email: "PENDING", phone: "PENDING" });
    const paged = await p.get("/customers?limit=1&isIncludingDeleted=true");
    const next = await p.get(`/customers?limit=1&isIncludingDeleted=true&cursor=${paged.body.nextCursor}`);
    expect([paged.body.data[0].id, next.body.data[0].id]).toEqual([gone.body.id, biz.body.id]);
    expect(next.body).toMatchObject({ hasMore: true, totalCount: 3 });
  });

  it("PATCH updates fields, merges businessInfo, adds currency accounts, and validates like POST", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Pat Before" });
    const res = await api.patch(`/customers/${c.body.id}`, {
      customerType: "INDIVIDUAL",
      fullName: "Pat After",
      idType: "SSN",
      identifier: "123-45-6789",
      address: { line1: "2 Side St", postalCode: "10001", country: "US" },
      currencies: ["USD", "EUR"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullName: "Pat After",
      idType: "SSN",
      address: { line1: "2 Side St" },
      currencies: ["USD", "EUR"],
    });
    expect(res.body.identifier).toBeUndefined();
    const accounts = await api.get(`/customers/internal-accounts?customerId=${c.body.id}`);
    expect(
      accounts.body.data.map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code).sort(),
    ).toEqual(["EUR", "USD", "USDB"]);

    const bad = await api.patch(`/customers/${c.body.id}`, {
      customerType: "INDIVIDUAL",
      birthDate: "15/01/1990",
      address: { line1: "" },
      idType: "NOPE",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "address.country",
      "address.line1",
      "address.postalCode",
      "birthDate",
      "idType",
    ]);
    const typeChange = await api.patch(`/customers/${c.body.id}`, { customerType: "BUSINESS" });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.details.errors[0].field).toBe("customerType");
    const both = await api.patch(`/customers/${c.body.id}`, {
      customerType: "INDIVIDUAL",
      email: "a@example.com",
      phoneNumber: "+14155550100",
    });
    expect(both.status).toBe(400);
    expect(both.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "phoneNumber"]);
    expect(
      (await api.patch(`/customers/${c.body.id}`, { customerType: "INDIVIDUAL", email: "a@example.com" })).body.email,
    ).toBe("a@example.com");
    expect(
      (await api.patch(`/customers/${c.body.id}`, { customerType: "INDIVIDUAL", phoneNumber: "+14155550100" })).body
        .phoneNumber,
    ).toBe("+14155550100");

    const b = await api.post("/customers", business("REG-100"));
    const bp = await api.patch(`/customers/${b.body.id}`, {
      customerType: "BUSINESS",
      businessInfo: { doingBusinessAs: "Acme" },
    });
    expect(bp.status).toBe(200);
    expect(bp.body.businessInfo).toMatchObject({
      legalName: "Acme Corp",
      doingBusinessAs: "Acme",
      registrationNumber: "REG-100",
    });
    expect(bp.body.beneficialOwners).toEqual([]);
  });

  it("concurrent PATCHes of different fields all land (the merge is the database's, not a read then a write)", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Many Hands", nationality: "US" });
    const changes = [
      { fullName: "Many Hands Renamed" },
      { birthDate: "1985-03-04" },
      { nationality: "FR" },
      { idType: "SSN", identifier: "987-65-4321" },
      { address: { line1: "9 Quay", postalCode: "75001", country: "FR" } },
      { region: "FR" },
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        changes.map((change) => api.patch(`/customers/${c.body.id}`, { customerType: "INDIVIDUAL", ...change })),
      );
      expect(answers.map((a) => a.status)).toEqual(changes.map(() => 200));
    }
    const after = (await api.get(`/customers/${c.body.id}`)).body;
    expect(after).toMatchObject({
      fullName: "Many Hands Renamed",
      birthDate: "1985-03-04",
      nationality: "FR",
      idType: "SSN",
      address: { line1: "9 Quay", postalCode: "75001", country: "FR" },
      region: "FR",
    });
    expect(after.identifier).toBeUndefined();

    const b = await api.post("/customers", business("REG-200"));
    await Promise.all([
      api.patch(`/customers/${b.body.id}`, { customerType: "BUSINESS", businessInfo: { doingBusinessAs: "Acme Two" } }),
      api.patch(`/customers/${b.body.id}`, {
        customerType: "BUSINESS",
        businessInfo: { website: "https://acme.example.com" },
      }),
    ]);
    expect((await api.get(`/customers/${b.body.id}`)).body.businessInfo).toMatchObject({
      legalName: "Acme Corp",
      registrationNumber: "REG-200",
      doingBusinessAs: "Acme Two",
      website: "https://acme.example.com",
    });
  });

  it("end-user terms: GET returns the version; an unknown consent version is 400 END_USER_TERMS_VERSION_NOT_FOUND", async () => {
    const terms = await api.get("/customers/end-user-terms");
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ version: expect.any(String), url: expect.stringMatching(/^https:\/\//) });
    const consent = {
      acceptedAt: "2026-01-01T00:00:00Z",
      ipAddress: "203.0.113.5",
      termsVersion: terms.body.version,
      acceptanceMethod: "CHECKBOX",
    };
    const ok = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Terms Ok",
      endUserTermsConsent: consent,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.endUserTermsConsent).toMatchObject({ termsVersion: terms.body.version });
    const bad = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Terms Bad",
      endUserTermsConsent: { ...consent, termsVersion: "V999" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("END_USER_TERMS_VERSION_NOT_FOUND");
    const badPatch = await api.patch(`/customers/${ok.body.id}`, {
      customerType: "INDIVIDUAL",
      endUserTermsConsent: { ...consent, termsVersion: "V0" },
    });
    expect(badPatch.body.code).toBe("END_USER_TERMS_VERSION_NOT_FOUND");
  });

  it("DELETE is a soft delete; a repeat is 410 CUSTOMER_DELETED, a PATCH 409; the platformCustomerId is free again", async () => {
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Del Me",
      platformCustomerId: "del-1",
    });
    const del = await api.delete(`/customers/${c.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: c.body.id, isDeleted: true });
    const again = await api.delete(`/customers/${c.body.id}`);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("CUSTOMER_DELETED");
    const patch = await api.patch(`/customers/${c.body.id}`, { customerType: "INDIVIDUAL", fullName: "Zombie" });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe("CONFLICT");
    expect((await api.get(`/customers/${c.body.id}`)).body.isDeleted).toBe(true);
    const reuse = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Del Me Again",
      platformCustomerId: "del-1",
    });
    expect(reuse.status).toBe(201);
  });

  it("other platforms' customers are 404; unknown ids are 404 CUSTOMER_NOT_FOUND", async () => {
    const other = await newPlatform();
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Mine Only" });
    for (const res of [
      await other.get(`/customers/${c.body.id}`),
      await other.patch(`/customers/${c.body.id}`, { customerType: "INDIVIDUAL", fullName: "Stolen" }),
      await other.delete(`/customers/${c.body.id}`),
      await api.get("/customers/Customer:00000000-0000-7000-8000-000000000000"),
      await api.get("/customers/not-an-id"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("USER_NOT_FOUND");
    }
    expect((await api.get(`/customers/${c.body.id}`)).body.fullName).toBe("Mine Only");
  });
});

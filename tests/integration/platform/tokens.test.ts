import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";

describe("API Tokens", () => {
  it("creates a token whose secret is shown once, then lists, gets and deletes it", async () => {
    const api = await newPlatform();
    const created = await api.post("/tokens", { name: "reporting", permissions: ["VIEW"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "reporting", permissions: ["VIEW"] });
    expect(created.body.id).toMatch(/^Token:[0-9a-f-]{36}$/);
    expect(created.body.clientSecret).toMatch(/^msk_/);

    const got = await api.get(`/tokens/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty("clientSecret");
    expect(got.body.clientId).toBe(created.body.clientId);

    const list = await api.get("/tokens");
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(created.body.id);
    expect(list.body.data.every((t: object) => !("clientSecret" in t))).toBe(true);

    const viewer = api.withCredentials(created.body.clientId, created.body.clientSecret);
    expect((await viewer.get("/config")).status).toBe(200);

    expect((await api.delete(`/tokens/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/tokens/${created.body.id}`)).status).toBe(404);
    expect((await viewer.get("/config")).status).toBe(401);
    expect((await api.delete(`/tokens/${created.body.id}`)).body.code).toBe("TOKEN_NOT_FOUND");
  });

  it("enforces permissions: a VIEW token reads but cannot configure or move money (403)", async () => {
    const api = await newPlatform();
    const view = await api.post("/tokens", { name: "view", permissions: ["VIEW"] });
    const transact = await api.post("/tokens", { name: "transact", permissions: ["TRANSACT"] });
    const viewer = api.withCredentials(view.body.clientId, view.body.clientSecret);
    const mover = api.withCredentials(transact.body.clientId, transact.body.clientSecret);

    const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Perm Test" });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    const accountId = accounts.body.data[0].id;

    const denied = await viewer.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100 });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "FORBIDDEN", details: { requiredPermission: "TRANSACT" } });
    expect((await viewer.patch("/config", { umaDomain: "x.example.com" })).status).toBe(403);
    expect((await viewer.post("/tokens", { name: "x", permissions: ["MANAGE"] })).status).toBe(403);

    expect((await mover.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100 })).status).toBe(200);
    expect((await mover.get("/config")).status).toBe(403);
  });

  it("validates token input and refuses to let a token delete itself", async () => {
    const api = await newPlatform();
    const bad = await api.post("/tokens", { name: "", permissions: ["ROOT"] });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["name", "permissions.0"]);
    const manage = await api.post("/tokens", { name: "admin", permissions: ["MANAGE", "VIEW"] });
    const admin = api.withCredentials(manage.body.clientId, manage.body.clientSecret);
    const self = await admin.delete(`/tokens/${manage.body.id}`);
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("CONFLICT");
  });

  it("keeps tokens per platform", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const token = await a.post("/tokens", { name: "a-only", permissions: ["VIEW"] });
    expect((await b.get(`/tokens/${token.body.id}`)).status).toBe(404);
    expect((await b.delete(`/tokens/${token.body.id}`)).status).toBe(404);
    expect((await b.get("/tokens")).body.data.some((t: { id: string }) => t.id === token.body.id)).toBe(false);
  });

  it("paginates with limit/cursor, stable while new rows are inserted", async () => {
    const api = await newPlatform();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await api.post("/tokens", { name: `t${i}`, permissions: ["VIEW"] })).body.id);
    const first = await api.get("/tokens?limit=3");
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 8 }); // 7 + the root credential
    expect(first.body.data).toHaveLength(3);
    // new tokens arrive while the client pages through
    await Promise.all([0, 1, 2].map((i) => api.post("/tokens", { name: `late${i}`, permissions: ["VIEW"] })));
    const seen = [...first.body.data.map((t: { id: string }) => t.id)];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await api.get(`/tokens?limit=3&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((t: { id: string }) => t.id));
      cursor = page.body.hasMore ? page.body.nextCursor : undefined;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of created) expect(seen).toContain(id);
    expect(seen).toHaveLength(8);
    const bad = await api.get("/tokens?limit=0&cursor=zzz");
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["limit"]);
  });
});

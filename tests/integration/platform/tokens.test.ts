import { describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";

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
    // the reference documents 400 (not 409) on DELETE /tokens/{tokenId}
    expect(self.status).toBe(400);
    expect(self.body.code).toBe("INVALID_INPUT");
  });

  it("filters the list by createdAfter/createdBefore and updatedAfter/updatedBefore (inclusive)", async () => {
    const api = await newPlatform();
    const first = await api.post("/tokens", { name: "first", permissions: ["VIEW"] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await api.post("/tokens", { name: "second", permissions: ["VIEW"] });
    const names = async (query: string) => {
      const res = await api.get(`/tokens?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((t: { name: string }) => t.name).filter((n: string) => n !== "root");
    };
    const at = (t: { body: { createdAt: string } }) => encodeURIComponent(t.body.createdAt);
    const sorted = (xs: string[]) => [...xs].sort();
    expect(sorted(await names(`createdAfter=${at(second)}`))).toEqual(["second"]);
    expect(await names(`createdBefore=${at(first)}`)).toContain("first");
    expect(await names(`createdBefore=${at(first)}`)).not.toContain("second");
    expect(sorted(await names(`createdAfter=${at(first)}&createdBefore=${at(second)}`))).toEqual(["first", "second"]);
    expect(await names(`updatedAfter=${at(second)}`)).toContain("second");
    expect(await names(`updatedAfter=${at(second)}`)).not.toContain("first");
    expect(await names(`updatedBefore=${at(first)}`)).not.toContain("second");
    expect((await api.get("/tokens?createdAfter=yesterday")).status).toBe(400);
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
    for (let i = 0; i < 7; i++)
      created.push((await api.post("/tokens", { name: `t${i}`, permissions: ["VIEW"] })).body.id);
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

// Issue 16, item 3: a token manages only tokens whose permissions it holds, so
// a lesser token can neither mint a stronger one nor delete the root credential.
describe("API token escalation", () => {
  async function token(api: ApiClient, permissions: string[], name = permissions.join("+")) {
    const created = await api.post("/tokens", { name, permissions });
    expect(created.status).toBe(201);
    return {
      id: created.body.id as string,
      client: api.withCredentials(created.body.clientId, created.body.clientSecret),
    };
  }
  async function rootTokenId(api: ApiClient): Promise<string> {
    const list = await api.get("/tokens?limit=100");
    return list.body.data.find((t: { clientId: string }) => t.clientId === api.clientId).id;
  }
  const names = async (api: ApiClient) =>
    (await api.get("/tokens?limit=100")).body.data.map((t: { name: string }) => t.name).sort();

  it("a token can grant only permissions it holds (403 FORBIDDEN naming the missing ones, nothing created)", async () => {
    const api = await newPlatform();
    const manager = (await token(api, ["MANAGE"])).client;
    const before = await names(api);

    for (const permissions of [["TRANSACT"], ["MANAGE", "TRANSACT"], ["VIEW"], ["VIEW", "TRANSACT", "MANAGE"]]) {
      const res = await manager.post("/tokens", { name: "escalated", permissions });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: "FORBIDDEN",
        reason: expect.stringMatching(/can grant only permissions it holds/),
        message: res.body.reason,
        details: { missingPermissions: permissions.filter((p) => p !== "MANAGE") },
      });
    }
    expect(await names(api)).toEqual(before);

    expect((await manager.post("/tokens", { name: "peer", permissions: ["MANAGE"] })).status).toBe(201);
    const viewManager = (await token(api, ["VIEW", "MANAGE"])).client;
    expect((await viewManager.post("/tokens", { name: "reader", permissions: ["VIEW"] })).body.permissions).toEqual([
      "VIEW",
    ]);
    expect((await viewManager.post("/tokens", { name: "mover", permissions: ["TRANSACT"] })).status).toBe(403);
  });

  it("a lesser token cannot delete the root credential or any token holding a permission it lacks", async () => {
    const api = await newPlatform();
    const rootId = await rootTokenId(api);
    const manager = (await token(api, ["MANAGE"])).client;
    const mover = await token(api, ["TRANSACT"]);
    const peer = await token(api, ["MANAGE"], "peer");

    const root = await manager.delete(`/tokens/${rootId}`);
    expect(root.status).toBe(403);
    expect(root.body).toEqual({
      code: "FORBIDDEN",
      reason: expect.stringMatching(/can delete only tokens whose permissions it holds/),
      message: root.body.reason,
      details: { missingPermissions: ["VIEW", "TRANSACT"] },
    });
    expect((await manager.delete(`/tokens/${mover.id}`)).body.details).toEqual({ missingPermissions: ["TRANSACT"] });
    expect((await api.get("/config")).status).toBe(200);
    // still alive: TRANSACT only, refused for lacking VIEW
    expect((await mover.client.get(`/customers`)).status).toBe(403);
    expect((await manager.delete(`/tokens/${peer.id}`)).status).toBe(204);
    expect((await peer.client.patch("/config", {})).status).toBe(401);
  });

  it("a token with every permission can delete the root credential; the platform keeps a full credential", async () => {
    const api = await newPlatform();
    const rootId = await rootTokenId(api);
    const full = await token(api, ["VIEW", "TRANSACT", "MANAGE"], "full");
    expect((await full.client.delete(`/tokens/${rootId}`)).status).toBe(204);
    expect((await api.get("/config")).status).toBe(401);
    const self = await full.client.delete(`/tokens/${full.id}`);
    expect(self.status).toBe(400);
    expect((await full.client.get("/config")).status).toBe(200);
  });

  it("two full tokens deleting each other at once: exactly one wins, the other is refused as revoked", async () => {
    const api = await newPlatform();
    for (let round = 0; round < 5; round++) {
      const a = await token(api, ["VIEW", "TRANSACT", "MANAGE"], `a${round}`);
      const b = await token(api, ["VIEW", "TRANSACT", "MANAGE"], `b${round}`);
      // Both credentials verified and cached first, so both requests reach the deletion.
      expect((await a.client.get("/config")).status).toBe(200);
      expect((await b.client.get("/config")).status).toBe(200);
      const [ab, ba] = await Promise.all([a.client.delete(`/tokens/${b.id}`), b.client.delete(`/tokens/${a.id}`)]);
      expect([ab.status, ba.status].sort()).toEqual([204, 401]);
      const survivor = ab.status === 204 ? a : b;
      expect((await survivor.client.get("/config")).status).toBe(200);
    }
  });
});

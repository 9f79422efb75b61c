import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { usdAccountInfo } from "../../support/money";
import { POLICY, customer, installedAgent } from "./helpers";

describe("Agent operations on its own customer's accounts", () => {
  it("lists only its customer's internal accounts, filtered by allowedAccountIds", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    const mine = await api.get(`/customers/internal-accounts?customerId=${a.customerId}`);
    const list = await api.get("/agents/me/internal-accounts", { auth: a.auth });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id).sort()).toEqual(
      mine.body.data.map((x: { id: string }) => x.id).sort(),
    );

    const usd = mine.body.data.find((x: { type: string }) => x.type === "INTERNAL_FIAT").id;
    const fiat = await api.get("/agents/me/internal-accounts?type=INTERNAL_FIAT", { auth: a.auth });
    expect(fiat.body.data.map((x: { id: string }) => x.id)).toEqual(
      mine.body.data.filter((x: { type: string }) => x.type === "INTERNAL_FIAT").map((x: { id: string }) => x.id),
    );
    const none = await api.get("/agents/me/internal-accounts?type=NO_SUCH_TYPE", { auth: a.auth });
    expect(none.body).toEqual({ data: [], hasMore: false, totalCount: 0 });
    await api.patch(`/agents/${a.agentId}/policy`, { accountRestrictions: { allowedAccountIds: [usd] } });
    const restricted = await api.get("/agents/me/internal-accounts", { auth: a.auth });
    expect(restricted.body.data.map((x: { id: string }) => x.id)).toEqual([usd]);

    await api.patch(`/agents/${a.agentId}/policy`, { permissions: ["CREATE_TRANSFERS"] });
    const forbidden = await api.get("/agents/me/internal-accounts", { auth: a.auth });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.details).toMatchObject({ rule: "PERMISSION", requiredPermission: "VIEW_TRANSACTIONS" });
  });

  it("reads its lists with any query, as the reference documents no 400: a value nothing can match is the empty page, limit is clamped", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    for (const path of ["/agents/me/actions?status=MAYBE", "/agents/me/actions?cursor=not-ours"]) {
      const none = await api.get(path, { auth: a.auth });
      expect(none.status, path).toBe(200);
      expect(none.body, path).toEqual({ data: [], hasMore: false, totalCount: 0 });
    }
    const all = await api.get("/agents/me/internal-accounts", { auth: a.auth });
    const clamped = await api.get("/agents/me/internal-accounts?limit=0", { auth: a.auth });
    expect(clamped.status).toBe(200);
    expect(clamped.body.data).toEqual(all.body.data.slice(0, 1));
    expect(clamped.body.hasMore).toBe(all.body.data.length > 1);
  });

  it("manages external accounts for its customer only; another customer's account is 404", async () => {
    const api = await newPlatform();
    const a = await installedAgent(api);
    const otherCustomer = await customer(api, "Someone Else");
    const foreign = await api.post("/customers/external-accounts", {
      customerId: otherCustomer,
      currency: "USD",
      accountInfo: usdAccountInfo("44400123"),
    });
    expect(foreign.status).toBe(201);

    const created = await api.post(
      "/agents/me/external-accounts",
      { currency: "USD", accountInfo: usdAccountInfo("44400987") },
      { auth: a.auth },
    );
    expect(created.status).toBe(201);
    expect(created.body.customerId).toBe(a.customerId);
    const list = await api.get("/agents/me/external-accounts", { auth: a.auth });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([created.body.id]);
    expect((await api.get(`/agents/me/external-accounts/${created.body.id}`, { auth: a.auth })).status).toBe(200);
    expect((await api.get(`/agents/me/external-accounts/${foreign.body.id}`, { auth: a.auth })).status).toBe(404);
    expect((await api.delete(`/agents/me/external-accounts/${foreign.body.id}`, { auth: a.auth })).status).toBe(404);
    expect((await api.get(`/customers/external-accounts/${foreign.body.id}`)).status).toBe(200);
    expect((await api.delete(`/agents/me/external-accounts/${created.body.id}`, { auth: a.auth })).status).toBe(204);

    await api.patch(`/agents/${a.agentId}/policy`, { permissions: ["VIEW_TRANSACTIONS"] });
    const denied = await api.post(
      "/agents/me/external-accounts",
      { currency: "USD", accountInfo: usdAccountInfo("44400988") },
      { auth: a.auth },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.details.requiredPermission).toBe("MANAGE_EXTERNAL_ACCOUNTS");
  });

  it("an agent of another platform sees nothing of this one", async () => {
    const api = await newPlatform();
    const other = await newPlatform();
    const a = await installedAgent(other, POLICY);
    const cid = await customer(api);
    const ext = await api.post("/customers/external-accounts", {
      customerId: cid,
      currency: "USD",
      accountInfo: usdAccountInfo("44400555"),
    });
    expect((await other.get(`/agents/me/external-accounts/${ext.body.id}`, { auth: a.auth })).status).toBe(404);
  });
});

// The admin section reads through the platform API (loopback), scoped to the
// BFF's own platform, and answers refusals in the spec's envelope
// {code, reason[, details]} with text for people.
import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newPlatform, server } from "../../support/api";
import { newCustomer } from "../../support/money";
import { link, register } from "../stablecoins/helpers";
import { staffBrowser, type Browser } from "../../support/staff";

/** Registers a stablecoin against a fresh provider link of its own (other tests may link more). */
async function newStablecoin(client: ApiClient) {
  const linked = await link(client);
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  const made = await register(client, undefined, { stablecoinProviderAccountId: linked.body.id });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string };
}

describe("admin BFF reads through the API", () => {
  let api: ApiClient;
  let operator: Browser;

  beforeAll(async () => {
    const s = server();
    api = new ApiClient(s.baseUrl, s.clientId, s.clientSecret, "");
    operator = await staffBrowser("operator");
  });

  it("lists the platform's customers (GET /customers) on the customers page, newest first", async () => {
    const name = `Grace Listed ${Date.now()}`;
    await newCustomer(api, ["USD"], name);
    const res = await operator.fetch("/admin/customers");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(name);
    expect(html).not.toContain("Could not load the customers");
  });

  it("refuses to delete the web app's own token with 409 TOKEN_IN_USE in the spec's envelope, and the token keeps working", async () => {
    const tokens = await api.get("/tokens?limit=100");
    const own = tokens.body.data.find((t: { clientId: string }) => t.clientId === server().clientId);
    expect(own).toBeDefined();
    const res = await operator.bff("DELETE", `/api/admin/tokens/${encodeURIComponent(own.id)}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "TOKEN_IN_USE",
      reason: expect.stringContaining("create another token for the app"),
    });
    expect((await api.get("/tokens?limit=1")).status).toBe(200);
  });

  it("moves only its own platform's stablecoins: another platform's is 404 NOT_FOUND", async () => {
    const other = await newPlatform("Other stablecoin platform");
    const foreign = await newStablecoin(other);
    expect(foreign.id).toMatch(/^Stablecoin:/);
    const res = await operator.bff("POST", `/api/admin/stablecoins/${encodeURIComponent(foreign.id)}/enablement`, {
      gridOperationsStatus: "ENABLING",
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect(typeof res.body.reason).toBe("string");
    expect(res.body).not.toHaveProperty("message");
    expect((await other.get(`/stablecoins/${encodeURIComponent(foreign.id)}`)).body.gridOperationsStatus).not.toBe(
      "ENABLING",
    );
  });

  it("moves its own stablecoin through the operator's enablement machine", async () => {
    const own = await newStablecoin(api);
    const requested = await operator.bff("POST", `/api/admin/stablecoins/${encodeURIComponent(own.id)}/enablement`, {
      gridOperationsStatus: "REQUEST",
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const enabling = await operator.bff("POST", `/api/admin/stablecoins/${encodeURIComponent(own.id)}/enablement`, {
      gridOperationsStatus: "ENABLING",
    });
    expect(enabling.status).toBe(200);
    expect(enabling.body.gridOperationsStatus).toBe("ENABLING");
  });
});

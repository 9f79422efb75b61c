// Outside the sandbox (MERIDIAN_ENVIRONMENT=production) the operations that replace
// or drop data and the fault injection are refused with 403 FORBIDDEN, and a refusal
// changes nothing (docs/sandbox.md "Rule catalogue, scenarios and reset", "Fault
// injection"). One production server for all of them: starting one is the slow part.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, server, type ApiClient } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";

describe("a production server", () => {
  let prod: TestServer;
  let api: ApiClient;
  let check: pg.Pool;

  beforeAll(async () => {
    prod = await startTestServer(server().mode, { MERIDIAN_ENVIRONMENT: "production" });
    api = await newPlatform("Production platform", prod);
    check = new pg.Pool({ connectionString: prod.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await check?.end();
    if (prod) expect(await prod.stop()).toBe(0);
  });

  const forbidden = (res: { status: number; text: string; body: { code?: string } }) => {
    expect(res.status, res.text).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
  };

  it("refuses to seed or reset a platform, and changes nothing", async () => {
    const created = await api.post("/customers", { customerType: "INDIVIDUAL", platformCustomerId: "kept" });
    expect(created.status, created.text).toBe(201);
    forbidden(
      await api.post("/sandbox/scenario", {
        customers: [{ customer: { customerType: "INDIVIDUAL", platformCustomerId: "seeded", fullName: "Seeded" } }],
      }),
    );
    forbidden(await api.post("/sandbox/reset", { to: "empty" }));
    forbidden(await api.post("/sandbox/reset", { to: "scenario" }));
    const customers = await api.get("/customers");
    expect(customers.body.data.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it("refuses to drop a platform through the operator API, which keeps it and its credentials", async () => {
    const res = await fetch(`${prod.origin}/api/operator/platforms/Platform:${api.platformId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${prod.operatorToken}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("FORBIDDEN");
    expect((await api.get("/customers")).status).toBe(200);
  });

  it("refuses to read, set or clear faults, or to take one from a request header", async () => {
    forbidden(await api.put("/sandbox/faults", { faults: [{ type: "ERROR", count: 1 }] }));
    forbidden(await api.put("/sandbox/faults", { faults: [] }));
    forbidden(await api.get("/sandbox/faults"));
    forbidden(await api.get("/customers", { headers: { "meridian-fault": "503" } }));
    const stored = await check.query("SELECT count(*)::int AS n FROM sandbox_faults");
    expect(stored.rows[0].n).toBe(0);
    // No fault was injected: the next call answers as usual.
    expect((await api.get("/customers")).status).toBe(200);
  });

  it("still keeps the request log, with the refusals in it and nothing flagged as a fault", async () => {
    expect((await api.get("/sandbox/requests?faulted=true")).body.data).toEqual([]);
    const refused = await api.get("/sandbox/requests?status=403&operationId=replaceSandboxFaults");
    expect(refused.status).toBe(200);
    expect(refused.body.totalCount).toBe(2);
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newPlatform, server, type ApiClient } from "../../support/api";

async function fundableAccount(api: ApiClient): Promise<string> {
  const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Idem Potent" });
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
  return accounts.body.data[0].id;
}

async function balance(api: ApiClient, accountId: string, customerId?: string): Promise<number> {
  const res = await api.get(
    `/customers/internal-accounts?type=INTERNAL_FIAT${customerId ? `&customerId=${customerId}` : ""}&limit=100`,
  );
  return res.body.data.find((a: { id: string }) => a.id === accountId).balance.amount;
}

describe("Idempotency-Key", () => {
  it("replays the stored status and body for the same key and request, without executing twice", async () => {
    const api = await newPlatform();
    const account = await fundableAccount(api);
    const key = randomUUID();
    const first = await api.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 500 },
      { headers: { "idempotency-key": key } },
    );
    const second = await api.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 500 },
      { headers: { "idempotency-key": key } },
    );
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await balance(api, account)).toBe(500);
  });

  it("answers 409 DUPLICATE_PAY_REQUEST when a key is reused with a different request", async () => {
    const api = await newPlatform();
    const account = await fundableAccount(api);
    const key = randomUUID();
    await api.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 100 },
      { headers: { "idempotency-key": key } },
    );
    const reused = await api.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 999 },
      { headers: { "idempotency-key": key } },
    );
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: "DUPLICATE_PAY_REQUEST", details: { state: "REQUEST_MISMATCH" } });
    expect(await balance(api, account)).toBe(100);
  });

  it("executes concurrent duplicates once", async () => {
    const api = await newPlatform();
    const account = await fundableAccount(api);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        api.post(
          `/sandbox/internal-accounts/${account}/fund`,
          { amount: 250 },
          { headers: { "idempotency-key": key } },
        ),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.details.state).toBe("IN_PROGRESS");
    expect(await balance(api, account)).toBe(250);
    const after = await api.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 250 },
      { headers: { "idempotency-key": key } },
    );
    expect(after.status).toBe(200);
    expect(await balance(api, account)).toBe(250);
  });

  it("stores 4xx outcomes, scopes keys per platform and validates the key", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const key = randomUUID();
    const missing = `InternalAccount:${randomUUID()}`;
    const first = await a.post(
      `/sandbox/internal-accounts/${missing}/fund`,
      { amount: 1 },
      { headers: { "idempotency-key": key } },
    );
    expect(first.status).toBe(404);
    const replay = await a.post(
      `/sandbox/internal-accounts/${missing}/fund`,
      { amount: 1 },
      { headers: { "idempotency-key": key } },
    );
    expect(replay.status).toBe(404);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");

    const account = await fundableAccount(b);
    const other = await b.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 7 },
      { headers: { "idempotency-key": key } },
    );
    expect(other.status).toBe(200);

    const invalid = await b.post(
      `/sandbox/internal-accounts/${account}/fund`,
      { amount: 7 },
      { headers: { "idempotency-key": "has space" } },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.errors[0]).toMatchObject({ field: "Idempotency-Key", constraint: "PATTERN" });
  });
});

describe("Idempotency store (against this run's database)", () => {
  it("does not store a 5xx or a thrown error, so the client may retry", async () => {
    process.env.DATABASE_URL = server().databaseUrl;
    const { runIdempotent } = await import("@/lib/api/idempotency");
    const { closeDb } = await import("@/lib/db/client");
    const api = await newPlatform();
    const key = randomUUID();
    let runs = 0;
    await expect(
      runIdempotent(api.platformId, key, "h", async () => (runs++, Promise.reject(new Error("boom")))),
    ).rejects.toThrow("boom");
    const r500 = await runIdempotent(
      api.platformId,
      key,
      "h",
      async () => (runs++, { status: 503, body: { code: "SERVICE_UNAVAILABLE" } }),
    );
    expect(r500.status).toBe(503);
    const ok = await runIdempotent(api.platformId, key, "h", async () => (runs++, { status: 201, body: { ok: true } }));
    expect(ok).toEqual({ status: 201, body: { ok: true } });
    const replay = await runIdempotent(
      api.platformId,
      key,
      "h",
      async () => (runs++, { status: 201, body: { ok: false } }),
    );
    expect(replay).toMatchObject({ status: 201, body: { ok: true }, replayed: true });
    expect(runs).toBe(3);
    await closeDb();
  });
});

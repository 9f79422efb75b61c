// LIVENESS ownership challenges: a hosted page of Meridian's web app
// (/verify/liveness/<token>) where, in the sandbox, the biometric check is
// simulated. The outcome arrives by EXTERNAL_ACCOUNT.STATUS_UPDATED or by
// polling the account, never through /verify.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, server, type ApiClient } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { newCustomer } from "../../support/money";

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function hosted(link: string, path = "", init?: RequestInit, origin = server().origin) {
  const token = new URL(link).pathname.split("/").pop()!;
  const res = await fetch(`${origin}/api/verify/liveness/${token}${path}`, init);
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any, headers: res.headers };
}

let n = 0;
async function pendingWallet(p: ApiClient) {
  const c = await newCustomer(p);
  const address = `0x${(Date.now().toString(16) + (n++).toString(16)).padStart(40, "a").slice(-40)}`;
  const created = await p.post("/customers/external-accounts", {
    customerId: c.id,
    currency: "USDC",
    ownershipType: "FIRST_PARTY",
    accountInfo: { accountType: "BASE_WALLET", address },
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
  return { id: created.body.id as string, base: `/customers/external-accounts/${created.body.id}` };
}

describe("LIVENESS ownership verification (sandbox)", () => {
  let p: ApiClient;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    hooks = await new WebhookReceiver().start();
    p = await newPlatform();
    await p.patch("/config", { isRegulatedFinancialInstitution: true, webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("challenge → hosted page → completed: ACTIVE with EXTERNAL_ACCOUNT.STATUS_UPDATED; the token is hashed and single-use", async () => {
    const { id, base } = await pendingWallet(p);
    const ch = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    expect(ch.status).toBe(201);
    expect(ch.body).toEqual({
      method: "LIVENESS",
      verificationLink: expect.stringMatching(/\/verify\/liveness\/[A-Za-z0-9_-]{40,}$/),
      expiresAt: expect.any(String),
    });
    const ttl = Date.parse(ch.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const token = new URL(ch.body.verificationLink).pathname.split("/").pop()!;
    const { rows } = await database().query(`SELECT ownership_challenge FROM external_accounts WHERE id = $1`, [
      id.split(":")[1],
    ]);
    expect(rows[0].ownership_challenge).toEqual({
      method: "LIVENESS",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: ch.body.expiresAt,
    });

    const page = await fetch(`${server().origin}${new URL(ch.body.verificationLink).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("no-referrer");

    const state = await hosted(ch.body.verificationLink);
    expect(state.status).toBe(200);
    expect(state.headers.get("cache-control")).toContain("no-store");
    expect(state.body).toMatchObject({
      provider: "MERIDIAN_SANDBOX",
      externalAccountId: id,
      accountType: "BASE_WALLET",
      expiresAt: ch.body.expiresAt,
    });

    // /verify is for signatures only; it neither completes nor consumes the LIVENESS challenge.
    const viaVerify = await p.post(`${base}/verify`, { signature: "0x00" });
    expect(viaVerify.status).toBe(409);
    expect(viaVerify.body.reason).toContain("LIVENESS");
    expect((await p.get(base)).body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");

    const bad = await hosted(ch.body.verificationLink, "/complete", json({ outcome: "MAYBE" }));
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("outcome");

    const done = await hosted(ch.body.verificationLink, "/complete", json({ outcome: "PASS" }));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ outcome: "PASS", status: "ACTIVE" });
    expect((await p.get(base)).body.status).toBe("ACTIVE");
    const hook = await hooks.waitForType("EXTERNAL_ACCOUNT.STATUS_UPDATED", { where: (w) => w.body.data.id === id });
    expect(hook.body.data.status).toBe("ACTIVE");

    const reused = await hosted(ch.body.verificationLink, "/complete", json({ outcome: "PASS" }));
    expect(reused.status).toBe(404);
    expect(reused.body.reason).toContain("start a new ownership challenge");
    expect((await hosted(ch.body.verificationLink)).status).toBe(404);
    expect((await p.post(`${base}/challenge`, { method: "LIVENESS" })).status).toBe(409);
  });

  it("a failed check leaves the account UNVERIFIED; a new challenge replaces the old link and can then succeed", async () => {
    const { id, base } = await pendingWallet(p);
    const first = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    const failed = await hosted(first.body.verificationLink, "/complete", json({ outcome: "FAIL" }));
    expect(failed.body).toEqual({ outcome: "FAIL", status: "UNVERIFIED" });
    expect((await p.get(base)).body.status).toBe("UNVERIFIED");
    const hook = await hooks.waitForType("EXTERNAL_ACCOUNT.STATUS_UPDATED", { where: (w) => w.body.data.id === id });
    expect(hook.body.data.status).toBe("UNVERIFIED");

    const second = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    const third = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    expect((await hosted(second.body.verificationLink, "/complete", json({ outcome: "PASS" }))).status).toBe(404);
    expect((await hosted(third.body.verificationLink, "/complete", json({ outcome: "PASS" }))).body.status).toBe(
      "ACTIVE",
    );
  });

  it("a token completes only its own account; a WALLET_SIGNATURE challenge replaces an open LIVENESS link", async () => {
    const a = await pendingWallet(p);
    const b = await pendingWallet(p);
    const chA = await p.post(`${a.base}/challenge`, { method: "LIVENESS" });
    const chB = await p.post(`${b.base}/challenge`, { method: "LIVENESS" });
    expect((await hosted(chA.body.verificationLink)).body.externalAccountId).toBe(a.id);
    expect((await hosted(chB.body.verificationLink, "/complete", json({ outcome: "PASS" }))).body.status).toBe(
      "ACTIVE",
    );
    expect((await p.get(a.base)).body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    expect((await p.get(b.base)).body.status).toBe("ACTIVE");

    const other = await newPlatform();
    expect((await other.post(`${a.base}/challenge`, { method: "LIVENESS" })).status).toBe(404);

    expect((await p.post(`${a.base}/challenge`, { method: "WALLET_SIGNATURE" })).status).toBe(201);
    expect((await hosted(chA.body.verificationLink, "/complete", json({ outcome: "PASS" }))).status).toBe(404);
    expect((await p.get(a.base)).body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    expect((await hosted(`https://x.example/verify/liveness/not-a-token`)).status).toBe(404);
  });

  it("an expired link (sandbox clock advanced past the 10-minute lifetime) is refused and leaves the account pending", async () => {
    const { base } = await pendingWallet(p);
    const ch = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    expect((await p.post("/sandbox/clock/advance", { seconds: 9 * 60 })).status).toBe(200);
    expect((await hosted(ch.body.verificationLink)).status).toBe(200);
    expect((await p.post("/sandbox/clock/advance", { seconds: 2 * 60 })).status).toBe(200);
    const gone = await hosted(ch.body.verificationLink);
    expect(gone.status).toBe(404);
    expect(gone.body.reason).toContain("expired");
    expect((await hosted(ch.body.verificationLink, "/complete", json({ outcome: "PASS" }))).status).toBe(404);
    expect((await p.get(base)).body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const fresh = await p.post(`${base}/challenge`, { method: "LIVENESS" });
    expect((await hosted(fresh.body.verificationLink, "/complete", json({ outcome: "PASS" }))).body.status).toBe(
      "ACTIVE",
    );
  });
});

describe("LIVENESS outside the sandbox", () => {
  let prod: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    prod = await startTestServer(server().mode, { MERIDIAN_ENVIRONMENT: "production" });
    api = await newPlatform("Production platform", prod);
    await api.patch("/config", { isRegulatedFinancialInstitution: true });
  }, 120_000);
  afterAll(async () => {
    expect(await prod?.stop()).toBe(0);
  });

  it("the challenge answers 400 INVALID_INPUT on method and the hosted page says no provider is configured", async () => {
    const { base } = await pendingWallet(api);
    const ch = await api.post(`${base}/challenge`, { method: "LIVENESS" });
    expect(ch.status).toBe(400);
    expect(ch.body.code).toBe("INVALID_INPUT");
    expect(ch.body.details.errors[0]).toMatchObject({
      field: "method",
      message: expect.stringContaining("No liveness provider is configured"),
    });
    const link = `${prod.origin}/verify/liveness/${"a".repeat(43)}`;
    const state = await hosted(link, "", undefined, prod.origin);
    expect(state.body).toMatchObject({
      provider: null,
      reason: expect.stringContaining("No liveness provider is configured"),
    });
    expect((await hosted(link, "/complete", json({ outcome: "PASS" }), prod.origin)).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { approvePlatform, approvedCardholder, issueCard, waitForStatus } from "./helpers";

describe("POST /cards, activation, GET and list", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("issues a PROCESSING card that activates by job and emits CARD.STATUS_CHANGE with the Card", async () => {
    const holder = await approvedCardholder(api);
    const created = await api.post("/cards", {
      customerId: holder.customerId,
      form: "VIRTUAL",
      fundingSource: holder.usdAccountId,
      platformCardId: "my-own-id-123",
    });
    expect(created.status).toBe(201);
    const card = created.body;
    expect(card).toMatchObject({
      customerId: holder.customerId,
      status: "PROCESSING",
      brand: "VISA",
      form: "VIRTUAL",
      fundingSource: holder.usdAccountId,
      currency: "USD",
    });
    expect(card.id).toMatch(/^Card:[0-9a-f-]{36}$/);
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(card.platformCardId).not.toBe("my-own-id-123");
    expect(card.platformCardId).toMatch(/^card_[0-9a-f]{20}$/);
    expect(card.expYear).toBeGreaterThan(new Date().getUTCFullYear());
    expect(card.expMonth).toBeGreaterThanOrEqual(1);
    expect(typeof card.processorRef).toBe("string");
    expect(typeof card.issuerRef).toBe("string");

    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    expect(hook.body.data).toMatchObject({
      id: card.id,
      status: "ACTIVE",
      customerId: holder.customerId,
      fundingSource: holder.usdAccountId,
      last4: card.last4,
    });
    for (const key of [
      "brand",
      "form",
      "expMonth",
      "expYear",
      "currency",
      "processorRef",
      "issuerRef",
      "createdAt",
      "updatedAt",
    ]) {
      expect(hook.body.data).toHaveProperty(key);
    }
    const got = await api.get(`/cards/${card.id}`);
    expect(got.status).toBe(200);
    expect(got.body.status).toBe("ACTIVE");
    expect(hooks.ofType("CARD.STATUS_CHANGE").filter((w) => w.body.data.id === card.id)).toHaveLength(1);
  });

  it("a card changed while PROCESSING activates with its change: the event carries the card as it is then", async () => {
    // Suffix 005 activates "about 30 seconds" later (sandbox time scale), so the PATCH usually lands before it; the
    // activation re-reads a card that changed after its read, so the event never carries the older version.
    const holder = await approvedCardholder(api, { platformCustomerId: `holder-${Date.now()}-005` });
    const card = await issueCard(api, holder);
    const patched = await api.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 777 });
    expect(patched.status).toBe(200);
    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    expect(hook.body.data.status).toBe("ACTIVE");
    const got = await api.get(`/cards/${card.id}`);
    expect(got.body).toMatchObject({ status: "ACTIVE", maxSpendPerTransaction: 777 });
    if (patched.body.status === "PROCESSING") {
      expect(hook.body.data).toEqual(got.body);
    }
    expect(hooks.ofType("CARD.STATUS_CHANGE").filter((w) => w.body.data.id === card.id)).toHaveLength(1);
  });

  it("activation of a card issued in one statement: the event is the card as GET then answers it", async () => {
    const card = await issueCard(api, await approvedCardholder(api, {}), { maxSpendPerTransaction: 2_500 });
    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    const got = await api.get(`/cards/${card.id}`);
    expect(got.body).toMatchObject({ status: "ACTIVE", maxSpendPerTransaction: 2_500 });
    expect(hook.body.data).toEqual(got.body);
  });

  it("a card changed before its activation ran: the event carries the change", async () => {
    const holder = await approvedCardholder(api);
    // Hold the activation back (not due) as soon as the card exists; a card whose job already ran is tried again.
    const card = await waitFor(
      async () => {
        const issued = await issueCard(api, holder);
        const { rows } = await database().query(
          `UPDATE jobs SET run_at = now() + interval '1 hour'
            WHERE type = 'card.activate' AND payload->>'cardId' = $1 AND status = 'PENDING' RETURNING id`,
          [issued.id.split(":")[1]],
        );
        return rows.length === 1 ? issued : undefined;
      },
      { what: "a card whose activation is still pending" },
    );
    const patched = await api.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 888 });
    expect(patched.body).toMatchObject({ status: "PROCESSING", maxSpendPerTransaction: 888 });
    await database().query(
      `UPDATE jobs SET run_at = now() WHERE type = 'card.activate' AND payload->>'cardId' = $1 AND status = 'PENDING'`,
      [card.id.split(":")[1]],
    );
    const hook = await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    const got = await api.get(`/cards/${card.id}`);
    expect(got.body).toMatchObject({ status: "ACTIVE", maxSpendPerTransaction: 888 });
    expect(hook.body.data).toEqual(got.body);
    expect(hooks.ofType("CARD.STATUS_CHANGE").filter((w) => w.body.data.id === card.id)).toHaveLength(1);
  });

  it("issues MASTERCARD when asked, and the stored secrets are sealed, not the card number", async () => {
    const holder = await approvedCardholder(api);
    const card = await issueCard(api, holder, { brand: "MASTERCARD" });
    expect(card.brand).toBe("MASTERCARD");
    const { rows } = await database().query(`SELECT secrets_sealed, last4 FROM cards WHERE id = $1`, [
      card.id.split(":")[1],
    ]);
    expect(rows[0].last4).toBe(card.last4);
    expect(rows[0].secrets_sealed).toMatch(/^v1\./);
    expect(rows[0].secrets_sealed).not.toMatch(/\d{12,}/);
  });

  it("refuses a cardholder whose KYC is not APPROVED with 400 CARDHOLDER_KYC_NOT_APPROVED", async () => {
    for (const fullName of ["Pending Person 001", "Rejected Person 002", "Unverified Person 003"]) {
      const holder = await approvedCardholder(api, { fullName });
      const res = await api.post("/cards", {
        customerId: holder.customerId,
        form: "VIRTUAL",
        fundingSource: holder.usdAccountId,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("CARDHOLDER_KYC_NOT_APPROVED");
    }
    const unverifiedPlatform = await newPlatform();
    const holder = await approvedCardholder(unverifiedPlatform);
    const res = await unverifiedPlatform.post("/cards", {
      customerId: holder.customerId,
      form: "VIRTUAL",
      fundingSource: holder.usdAccountId,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("CARDHOLDER_KYC_NOT_APPROVED");
    expect(res.body.details.kycStatus).toBe("UNVERIFIED");
    const { rows } = await database().query(`SELECT count(*)::int AS n FROM cards WHERE platform_id = $1`, [
      unverifiedPlatform.platformId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("requires the funding source to be a fiat account or the embedded wallet of the cardholder", async () => {
    const a = await approvedCardholder(api);
    const b = await approvedCardholder(api);
    const other = await api.post("/cards", {
      customerId: a.customerId,
      form: "VIRTUAL",
      fundingSource: b.usdAccountId,
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("INVALID_INPUT");
    expect(other.body.details.errors[0].field).toBe("fundingSource");
    const foreignWallet = await api.post("/cards", {
      customerId: a.customerId,
      form: "VIRTUAL",
      fundingSource: b.walletAccountId,
    });
    expect(foreignWallet.status).toBe(400);
    expect(foreignWallet.body.details.errors[0].field).toBe("fundingSource");
    // The cardholder's own wallet funds a card in the wallet's currency (spending needs a delegated key).
    const wallet = await api.post("/cards", {
      customerId: a.customerId,
      form: "VIRTUAL",
      fundingSource: a.walletAccountId,
    });
    expect(wallet.status, wallet.text).toBe(201);
    expect(wallet.body).toMatchObject({ fundingSource: a.walletAccountId, currency: "USDB" });
  });

  it("validates every field at once and answers 400 for unknown or foreign customers (the reference has no 404 here)", async () => {
    const bad = await api.post("/cards", { customerId: "nope", form: "PLASTIC", fundingSource: 12 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_INPUT");
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "customerId",
      "form",
      "fundingSource",
    ]);
    const missing = await api.post("/cards", {});
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "customerId",
      "fundingSource",
    ]);

    const foreign = await newPlatform();
    await approvePlatform(foreign);
    const holder = await approvedCardholder(foreign);
    const res = await api.post("/cards", {
      customerId: holder.customerId,
      form: "VIRTUAL",
      fundingSource: holder.usdAccountId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", details: { notFound: "USER_NOT_FOUND" } });
    const card = await issueCard(foreign, holder);
    expect((await api.get(`/cards/${card.id}`)).status).toBe(404);
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(404);
    expect((await api.post(`/cards/${card.id}/reveal`)).status).toBe(404);
    expect((await api.get(`/cards/Card:not-a-uuid`)).status).toBe(404);
  });

  it("keeps a card PROCESSING for the cardholder suffix 001", async () => {
    const holder = await approvedCardholder(api, { platformCustomerId: `stuck-${Date.now()}-001` });
    const card = await issueCard(api, holder);
    await new Promise((r) => setTimeout(r, 500));
    expect((await api.get(`/cards/${card.id}`)).body.status).toBe("PROCESSING");
  });

  it("lists with filters, pagination and sort order", async () => {
    const p = await newPlatform();
    await approvePlatform(p);
    const a = await approvedCardholder(p);
    const b = await approvedCardholder(p);
    const a1 = await issueCard(p, a);
    const a2 = await issueCard(p, a);
    const b1 = await issueCard(p, b);
    await waitForStatus(p, a2.id, "ACTIVE");
    expect((await p.patch(`/cards/${a2.id}`, { status: "FROZEN" })).status).toBe(200);

    const all = await p.get("/cards?limit=2");
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.hasMore).toBe(true);
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([b1.id, a2.id]);
    const next = await p.get(`/cards?limit=2&cursor=${all.body.nextCursor}`);
    expect(next.body.data.map((c: { id: string }) => c.id)).toEqual([a1.id]);
    expect(next.body.hasMore).toBe(false);

    const asc = await p.get("/cards?sortOrder=asc");
    expect(asc.body.data.map((c: { id: string }) => c.id)).toEqual([a1.id, a2.id, b1.id]);
    const mine = await p.get(`/cards?customerId=${a.customerId}`);
    expect(mine.body.data.map((c: { id: string }) => c.id).sort()).toEqual([a1.id, a2.id].sort());
    const byAccount = await p.get(`/cards?accountId=${b.usdAccountId}`);
    expect(byAccount.body.data.map((c: { id: string }) => c.id)).toEqual([b1.id]);
    const frozen = await p.get("/cards?status=FROZEN");
    expect(frozen.body.data.map((c: { id: string }) => c.id)).toEqual([a2.id]);
    const byPlatformId = await p.get(`/cards?platformCardId=${a1.platformCardId}`);
    expect(byPlatformId.body.data.map((c: { id: string }) => c.id)).toEqual([a1.id]);
    const bad = await p.get("/cards?status=LOST&limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["limit", "status"]);
    expect((await api.get("/cards")).body.data.some((c: { id: string }) => c.id === a1.id)).toBe(false);
  });
});

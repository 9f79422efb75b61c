// Every row of the spec's "Card status" table through PATCH /cards/{id}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { activeCard, approvePlatform, approvedCardholder, issueCard } from "./helpers";

describe("Card status machine", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  // Deliveries run in parallel, so order by the event ids (UUIDv7, in emission order).
  const statusHooks = (cardId: string) =>
    hooks
      .ofType("CARD.STATUS_CHANGE")
      .filter((w) => w.body.data.id === cardId)
      .sort((a, b) => (a.body.id < b.body.id ? -1 : 1))
      .map((w) => w.body.data.status);

  it("ACTIVE -> FROZEN -> ACTIVE -> CLOSED, each with a CARD.STATUS_CHANGE webhook", async () => {
    const { card } = await activeCard(api);
    const frozen = await api.patch(`/cards/${card.id}`, { status: "FROZEN" });
    expect(frozen.status).toBe(200);
    expect(frozen.body.status).toBe("FROZEN");
    const active = await api.patch(`/cards/${card.id}`, { status: "ACTIVE" });
    expect(active.body.status).toBe("ACTIVE");
    const closed = await api.patch(`/cards/${card.id}`, { status: "CLOSED" });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
    await waitFor(async () => statusHooks(card.id).length === 4, { what: "four status webhooks" });
    expect(statusHooks(card.id)).toEqual(["ACTIVE", "FROZEN", "ACTIVE", "CLOSED"]);
  });

  it("FROZEN -> CLOSED", async () => {
    const { card } = await activeCard(api);
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(200);
    const closed = await api.patch(`/cards/${card.id}`, { status: "CLOSED" });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
  });

  it("CLOSED: CLOSED again is 409 CARD_ALREADY_CLOSED; any other mutation is 409 CARD_NOT_MUTABLE", async () => {
    const { card, holder } = await activeCard(api);
    expect((await api.patch(`/cards/${card.id}`, { status: "CLOSED" })).status).toBe(200);
    const again = await api.patch(`/cards/${card.id}`, { status: "CLOSED" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CARD_ALREADY_CLOSED");
    for (const body of [{ status: "ACTIVE" }, { status: "FROZEN" }, { fundingSource: holder.usdAccountId }]) {
      const res = await api.patch(`/cards/${card.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CARD_NOT_MUTABLE");
    }
    expect((await api.get(`/cards/${card.id}`)).body.status).toBe("CLOSED");
  });

  it("any other transition is 409 INVALID_STATE_TRANSITION and changes nothing", async () => {
    const { card } = await activeCard(api);
    const same = await api.patch(`/cards/${card.id}`, { status: "ACTIVE" });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe("INVALID_STATE_TRANSITION");
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(200);
    const frozenAgain = await api.patch(`/cards/${card.id}`, { status: "FROZEN" });
    expect(frozenAgain.status).toBe(409);
    expect(frozenAgain.body.code).toBe("INVALID_STATE_TRANSITION");

    const holder = await approvedCardholder(api, { platformCustomerId: `processing-${Date.now()}-001` });
    const processing = await issueCard(api, holder);
    for (const status of ["ACTIVE", "FROZEN", "CLOSED"]) {
      const res = await api.patch(`/cards/${processing.id}`, { status });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("INVALID_STATE_TRANSITION");
    }
    expect((await api.get(`/cards/${processing.id}`)).body.status).toBe("PROCESSING");
    expect(statusHooks(processing.id)).toEqual([]);
  });

  it("validates the PATCH body", async () => {
    const { card } = await activeCard(api);
    const empty = await api.patch(`/cards/${card.id}`, {});
    expect(empty.status).toBe(400);
    const unknown = await api.patch(`/cards/${card.id}`, { status: "PENDING" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.errors[0]).toMatchObject({ field: "status", constraint: "ENUM" });
    // a status of the table that no move reaches is a refused transition, not a malformed body
    const outsideTable = await api.patch(`/cards/${card.id}`, { status: "PROCESSING" });
    expect(outsideTable.status).toBe(409);
    expect(outsideTable.body.code).toBe("INVALID_STATE_TRANSITION");
    const closeAndMove = await api.patch(`/cards/${card.id}`, {
      status: "CLOSED",
      fundingSource: "InternalAccount:0190a5a0-0000-7000-8000-000000000000",
    });
    expect(closeAndMove.status).toBe(400);
    expect((await api.get(`/cards/${card.id}`)).body.status).toBe("ACTIVE");
  });

  it("refuses another cardholder's account as funding source; rebinding the same account changes nothing", async () => {
    const { card, holder } = await activeCard(api);
    const other = await approvedCardholder(api);
    const foreign = await api.patch(`/cards/${card.id}`, { fundingSource: other.usdAccountId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors[0].field).toBe("fundingSource");
    const same = await api.patch(`/cards/${card.id}`, { fundingSource: holder.usdAccountId });
    expect(same.status).toBe(200);
    expect(same.body.fundingSource).toBe(holder.usdAccountId);
    expect(hooks.ofType("CARD.FUNDING_SOURCE_CHANGE").filter((w) => w.body.data.id === card.id)).toEqual([]);
  });

  it("concurrent spend-limit changes all apply, the last one written stays, and none is a status change", async () => {
    const { card } = await activeCard(api);
    const limits = Array.from({ length: 12 }, (_, i) => 1_000 + i);
    const answers = await Promise.all(
      limits.map((maxSpendPerTransaction) => api.patch(`/cards/${card.id}`, { maxSpendPerTransaction })),
    );
    expect(answers.map((a) => a.status)).toEqual(limits.map(() => 200));
    answers.forEach((a, i) => expect(a.body).toMatchObject({ status: "ACTIVE", maxSpendPerTransaction: limits[i] }));
    const after = (await api.get(`/cards/${card.id}`)).body;
    expect(limits).toContain(after.maxSpendPerTransaction);
    const frozen = await api.patch(`/cards/${card.id}`, { status: "FROZEN", maxSpendPerTransaction: null });
    expect(frozen.body).toMatchObject({ status: "FROZEN", maxSpendPerTransaction: null });
    const change = await hooks.waitForType("CARD.STATUS_CHANGE", {
      where: (w) => w.body.data.id === card.id && w.body.data.status === "FROZEN",
    });
    expect(change.body.data).toEqual(frozen.body);
    const events = hooks.ofType("CARD.STATUS_CHANGE").filter((w) => w.body.data.id === card.id);
    expect(events.filter((w) => w.body.data.status === "FROZEN")).toHaveLength(1);
    expect(events.filter((w) => limits.includes(w.body.data.maxSpendPerTransaction))).toEqual([]);
  });

  it("concurrent freeze and close of one card apply one after another", async () => {
    const { card } = await activeCard(api);
    const results = await Promise.all([
      api.patch(`/cards/${card.id}`, { status: "CLOSED" }),
      api.patch(`/cards/${card.id}`, { status: "CLOSED" }),
      api.patch(`/cards/${card.id}`, { status: "CLOSED" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "CARD_ALREADY_CLOSED")).toBe(true);
  });
});

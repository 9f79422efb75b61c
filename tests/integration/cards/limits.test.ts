// Card limits (PATCH /config cardLimits) under concurrent creates.
import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";
import { approvePlatform, approvedCardholder, issueCard, waitForStatus } from "./helpers";

const body = (h: { customerId: string; usdAccountId: string }) => ({
  customerId: h.customerId,
  form: "VIRTUAL",
  fundingSource: h.usdAccountId,
});

describe("Card limits", () => {
  it("maxLiveCards holds under concurrent creates, and closing a card frees a slot", async () => {
    const api = await newPlatform();
    await approvePlatform(api, { cardLimits: { maxLiveCards: 3 } });
    const holders = await Promise.all(Array.from({ length: 4 }, () => approvedCardholder(api)));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post("/cards", body(holders[i % 4]))));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(refused.every((r) => r.body.code === "CARD_LIMIT_REACHED")).toBe(true);
    const { rows } = await database().query(
      `SELECT count(*)::int AS n FROM cards WHERE platform_id = $1 AND status <> 'CLOSED'`,
      [api.platformId],
    );
    expect(rows[0].n).toBe(3);

    const first = created[0].body;
    await waitForStatus(api, first.id, "ACTIVE");
    expect((await api.patch(`/cards/${first.id}`, { status: "CLOSED" })).status).toBe(200);
    // The live-card count reads closed_at (its index does): the database keeps it set exactly for CLOSED cards.
    const firstUuid = first.id.split(":")[1];
    const { rows: closed } = await database().query(`SELECT closed_at FROM cards WHERE id = $1`, [firstUuid]);
    expect(closed[0].closed_at).toBeInstanceOf(Date);
    await expect(database().query(`UPDATE cards SET closed_at = NULL WHERE id = $1`, [firstUuid])).rejects.toThrow(
      /cards_closed_at_iff_closed/,
    );
    const second = created[1].body.id.split(":")[1];
    await expect(database().query(`UPDATE cards SET closed_at = now() WHERE id = $1`, [second])).rejects.toThrow(
      /cards_closed_at_iff_closed/,
    );
    const again = await Promise.all([api.post("/cards", body(holders[0])), api.post("/cards", body(holders[1]))]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 409]);

    // Raising the limit takes effect for the next create.
    expect((await api.patch("/config", { cardLimits: { maxLiveCards: 10 } })).status).toBe(200);
    await issueCard(api, holders[2]);
  });

  it("oneCardPerCardholder allows one live card per cardholder even when creates race", async () => {
    const api = await newPlatform();
    await approvePlatform(api, { cardLimits: { oneCardPerCardholder: true } });
    const a = await approvedCardholder(api);
    const b = await approvedCardholder(api);
    const results = await Promise.all(Array.from({ length: 6 }, () => api.post("/cards", body(a))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.body.code === "CARD_LIMIT_REACHED")).toBe(true);
    await issueCard(api, b);

    const card = results.find((r) => r.status === 201)!.body;
    await waitForStatus(api, card.id, "ACTIVE");
    expect((await api.patch(`/cards/${card.id}`, { status: "FROZEN" })).status).toBe(200);
    const whileFrozen = await api.post("/cards", body(a));
    expect(whileFrozen.status).toBe(409);
    expect(whileFrozen.body.code).toBe("CARD_LIMIT_REACHED");
    expect((await api.patch(`/cards/${card.id}`, { status: "CLOSED" })).status).toBe(200);
    await issueCard(api, a);
  });

  it("maxLiveCards of 0 refuses every card", async () => {
    const api = await newPlatform();
    await approvePlatform(api, { cardLimits: { maxLiveCards: 0 } });
    const a = await approvedCardholder(api);
    const res = await api.post("/cards", body(a));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CARD_LIMIT_REACHED");
  });
});

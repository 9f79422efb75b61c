// A card's per-transaction spending limit (the reference's maxSpendPerTransaction):
// set at issuance or by PATCH, null removes it, an authorization above it is declined
// without moving money, one for exactly the limit is approved.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { activeCard, approvePlatform, approvedCardholder, balanceOf, issueCard } from "./helpers";

const auth = (amount: number) => ({
  amount,
  currency: { code: "USD" },
  merchant: { descriptor: "HARDWARE STORE", mcc: "5251", country: "US" },
});

describe("card maxSpendPerTransaction", () => {
  let api: ApiClient;

  beforeAll(async () => {
    api = await newPlatform();
    await approvePlatform(api);
  });

  it("is null (no limit) unless set, and is set at issuance", async () => {
    const holder = await approvedCardholder(api);
    expect((await issueCard(api, holder)).maxSpendPerTransaction).toBeNull();
    expect((await issueCard(api, holder, { maxSpendPerTransaction: 5_000 })).maxSpendPerTransaction).toBe(5_000);
    const bad = await api.post("/cards", {
      customerId: holder.customerId,
      form: "VIRTUAL",
      fundingSource: holder.usdAccountId,
      maxSpendPerTransaction: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("maxSpendPerTransaction");
  });

  it("declines an authorization above the limit without moving money; exactly the limit is approved", async () => {
    const { card, holder } = await activeCard(api, 10_000);
    const limited = await api.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 1_000 });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ status: "ACTIVE", maxSpendPerTransaction: 1_000 });

    const above = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_001));
    expect(above.status).toBe(202); // declined: an accepted simulation, nothing recorded
    expect(above.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itx_/) });
    expect(await balanceOf(api, holder)).toBe(10_000);

    const exact = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(1_000));
    expect(exact.status).toBe(200);
    expect(await balanceOf(api, holder)).toBe(9_000);

    const lifted = await api.patch(`/cards/${card.id}`, { maxSpendPerTransaction: null });
    expect(lifted.body.maxSpendPerTransaction).toBeNull();
    expect((await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, auth(2_000))).status).toBe(200);
    expect(await balanceOf(api, holder)).toBe(7_000);
  });
});

// POST /transactions/{id}/confirm (receipt delivery), POST
// /crypto/estimate-withdrawal-fee, and transfer-out/-in without an amount.
import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { balanceOf, externalUsd, fund, internalAccount, newCustomer } from "../../support/money";

describe("receipts, withdrawal fees and whole-balance transfers", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("transfer-out without amount pays out the whole available balance; with nothing available it is refused", async () => {
    const c = await newCustomer(api);
    const usd = await internalAccount(api, c.id);
    const ext = await externalUsd(api, c.id, "123456789000");
    await fund(api, usd, 4_321);
    const out = await api.post("/transfer-out", { source: { accountId: usd }, destination: { accountId: ext.id } });
    expect(out.status, out.text).toBe(201);
    expect(out.body.sentAmount.amount).toBe(4_321);
    expect((await balanceOf(api, c.id)).available).toBe(0);
    const empty = await api.post("/transfer-out", { source: { accountId: usd }, destination: { accountId: ext.id } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("INVALID_AMOUNT");
  });

  it("transfers read both accounts at once and still name the first bad one, as the source comes first", async () => {
    const reference = `transfer-reads-${Date.now()}`;
    const c = (
      await api.post("/customers", {
        customerType: "INDIVIDUAL",
        fullName: "Ada Reads",
        currencies: ["USD"],
        platformCustomerId: reference,
      })
    ).body as { id: string };
    const usd = await internalAccount(api, c.id);
    const ext = await externalUsd(api, c.id, "423456789000");
    const noInternal = "InternalAccount:00000000-0000-7000-8000-000000000000";
    const noExternal = "ExternalAccount:00000000-0000-7000-8000-000000000000";
    const outBoth = await api.post("/transfer-out", {
      source: { accountId: noInternal },
      destination: { accountId: noExternal },
      amount: 1,
    });
    expect([outBoth.status, outBoth.body.code, outBoth.body.message]).toEqual([
      404,
      "REFERENCE_NOT_FOUND",
      `Internal account ${noInternal} not found`,
    ]);
    const outDest = await api.post("/transfer-out", {
      source: { accountId: usd },
      destination: { accountId: noExternal },
      amount: 1,
    });
    expect(outDest.body.message).toBe(`External account ${noExternal} not found`);
    const inBoth = await api.post("/transfer-in", {
      source: { accountId: noExternal },
      destination: { accountId: noInternal },
      amount: 1,
    });
    expect([inBoth.status, inBoth.body.message]).toEqual([404, `External account ${noExternal} not found`]);
    const inDest = await api.post("/transfer-in", {
      source: { accountId: ext.id },
      destination: { accountId: noInternal },
      amount: 1,
    });
    expect(inDest.body.message).toBe(`Internal account ${noInternal} not found`);

    // The customer's own id travels with the transfer, read with its account.
    const done = await api.post("/transfer-in", {
      source: { accountId: ext.id },
      destination: { accountId: usd },
      amount: 5,
    });
    expect(done.status, done.text).toBe(201);
    expect(done.body.platformCustomerId).toBe(reference);
  });

  it("transfer-in without amount is refused: the external account's balance is not known", async () => {
    const c = await newCustomer(api);
    const usd = await internalAccount(api, c.id);
    const ext = await externalUsd(api, c.id, "223456789000");
    const res = await api.post("/transfer-in", { source: { accountId: ext.id }, destination: { accountId: usd } });
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0]).toMatchObject({ field: "amount", constraint: "REQUIRED" });
  });

  it("POST /transactions/{id}/confirm records the receipt time, now by default, and a repeat replaces it", async () => {
    const c = await newCustomer(api);
    const usd = await internalAccount(api, c.id);
    const ext = await externalUsd(api, c.id, "323456789000");
    await fund(api, usd, 1_000);
    const tx = await api.post("/transfer-out", {
      source: { accountId: usd },
      destination: { accountId: ext.id },
      amount: 500,
    });
    const before = Date.now();
    const first = await api.post(`/transactions/${tx.body.id}/confirm`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.id).toBe(tx.body.id);
    expect(Date.parse(first.body.receiptDeliveryConfirmedAt)).toBeGreaterThanOrEqual(before - 1_000);
    const at = "2026-01-02T03:04:05.000Z";
    const second = await api.post(`/transactions/${tx.body.id}/confirm`, { receiptDeliveryConfirmedAt: at });
    expect(second.body.receiptDeliveryConfirmedAt).toBe(at);
    expect((await api.get(`/transactions/${tx.body.id}`)).body.receiptDeliveryConfirmedAt).toBe(at);
    const future = await api.post(`/transactions/${tx.body.id}/confirm`, {
      receiptDeliveryConfirmedAt: "2999-01-01T00:00:00Z",
    });
    expect(future.status).toBe(400);
    const other = await newPlatform();
    expect((await other.post(`/transactions/${tx.body.id}/confirm`)).status).toBe(404);
  });

  it("POST /crypto/estimate-withdrawal-fee prices the network fee in the withdrawal currency; nothing moves", async () => {
    const c = await newCustomer(api, ["USDC"]);
    const usdc = await internalAccount(api, c.id, "USDC");
    const res = await api.post("/crypto/estimate-withdrawal-fee", {
      internalAccountId: usdc,
      currency: "USDC",
      cryptoNetwork: "SOLANA",
      amount: 1_000_000,
      destinationAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      networkFee: 5_000,
      networkFeeAsset: "SOL",
      applicationFee: 0,
      totalFee: 1_000,
      netAmount: 999_000,
    });
    const body = { internalAccountId: usdc, currency: "USDC", amount: 1_000_000, destinationAddress: "addr" };
    expect((await api.post("/crypto/estimate-withdrawal-fee", { ...body, cryptoNetwork: "DOGE" })).status).toBe(400);
    expect(
      (await api.post("/crypto/estimate-withdrawal-fee", { ...body, cryptoNetwork: "ETHEREUM", amount: 100 })).body
        .code,
    ).toBe("AMOUNT_OUT_OF_RANGE");
    const fiat = await newCustomer(api);
    const usd = await internalAccount(api, fiat.id);
    const wrong = await api.post("/crypto/estimate-withdrawal-fee", {
      ...body,
      internalAccountId: usd,
      currency: "USD",
      cryptoNetwork: "SOLANA",
    });
    expect(wrong.status).toBe(400);
  });
});

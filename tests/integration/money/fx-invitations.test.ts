import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { externalUsd, newCustomer } from "../../support/money";

describe("exchange rates, discoveries, receiver lookups", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await newPlatform();
  });

  it("GET /exchange-rates: deterministic sandbox rates with the platform's current fees and a ~5 minute cache", async () => {
    const res = await api.get(
      "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=MXN&sendingAmount=10000",
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      sourceCurrency: { code: "USD" },
      destinationCurrency: { code: "EUR" },
      destinationPaymentRail: "SEPA_INSTANT",
      sendingAmount: 10000,
      receivingAmount: 9200,
      exchangeRate: 0.92,
      fees: { fixed: 0, total: 0 },
    });
    expect(res.headers.get("cache-control")).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control")!)![1])).toBeLessThanOrEqual(300);
    await api.patch("/config", {
      feeConfigs: [
        {
          feeType: "CROSS_CURRENCY_TRANSACTION",
          sourceCurrency: "USD",
          variableFeeBps: 50,
          fixedFee: { amount: 25, currency: "USD" },
        },
      ],
    });
    const withFees = await api.get("/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR");
    expect(withFees.body.data[0]).toMatchObject({ fees: { fixed: 25, total: 75 }, receivingAmount: 9131 });
    // The cached snapshot time does not move between calls.
    expect(withFees.body.data[0].updatedAt).toBe(res.body.data[0].updatedAt);
    const all = await api.get("/exchange-rates");
    expect(all.body.data.length).toBeGreaterThan(30);
    const bad = await api.get("/exchange-rates?sourceCurrency=XXX&sendingAmount=-1");
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "sendingAmount",
      "sourceCurrency",
    ]);
  });

  it("GET /discoveries covers every fiat currency of the spec and filters by country and currency", async () => {
    const all = await api.get("/discoveries");
    const currencies = new Set(all.body.data.map((d: { currency: string }) => d.currency));
    for (const c of (
      "AED BDT BRL BWP CAD CNY COP DKK EGP EUR GBP GHS GTQ HKD HTG IDR ILS INR " +
      "JMD KES MWK MXN MYR NGN PHP PKR RWF SGD SLV THB TRY TZS UGX USD VND XAF " +
      "XOF ZAR ZMW"
    ).split(" ")) {
      expect(currencies.has(c), c).toBe(true);
    }
    const ke = await api.get("/discoveries?country=KE&currency=KES");
    expect(ke.body.data.map((d: { bankName: string }) => d.bankName)).toContain("MPESA");
    expect(
      ke.body.data.every((d: { country: string; displayName: string }) => d.country === "KE" && d.displayName),
    ).toBe(true);
  });

  it("receiver lookups for UMA addresses and external accounts", async () => {
    const c = await newCustomer(api, ["USD", "EUR"]);
    const sandbox = await api.get(
      `/receiver/uma/${encodeURIComponent("$success.mxn@sandbox.meridian.local")}?customerId=${c.id}`,
    );
    expect(sandbox.status).toBe(200);
    expect(sandbox.body).toMatchObject({
      receiverUmaAddress: "$success.mxn@sandbox.meridian.local",
      supportedCurrencies: [{ currency: { code: "MXN" }, estimatedExchangeRate: 17.2 }],
    });
    expect(sandbox.body.lookupId).toMatch(/^Lookup:/);
    const customer = await api.get(`/receiver/uma/${encodeURIComponent(c.umaAddress)}`);
    expect(
      customer.body.supportedCurrencies.map((s: { currency: { code: string } }) => s.currency.code).sort(),
    ).toEqual(["EUR", "USD"]);
    expect((await api.get(`/receiver/uma/${encodeURIComponent("$ghost@nowhere.example")}`)).status).toBe(404);
    const bad = await api.get(`/receiver/uma/not-uma`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_UMA_ADDRESS");
    const ext = await externalUsd(api, c.id, "7700001");
    const lookup = await api.get(`/receiver/external-account/${ext.id}`);
    expect(lookup.body.supportedCurrencies[0].currency.code).toBe("USD");
  });

  it("a UMA address matches whatever its letters' case, and literally: _ in an address is no wildcard", async () => {
    const domain = (await newCustomer(api)).umaAddress.split("@")[1];
    const local = `abxcd${Date.now()}`;
    const created = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Underscore Owner",
      currencies: ["USD"],
      umaAddress: `$${local}@${domain}`,
    });
    expect(created.status, created.text).toBe(201);
    const upper = await api.get(`/receiver/uma/${encodeURIComponent(`$${local.toUpperCase()}@${domain}`)}`);
    expect(upper.status, upper.text).toBe(200);
    const lookalike = `$${local.replace("x", "_")}@${domain}`;
    const miss = await api.get(`/receiver/uma/${encodeURIComponent(lookalike)}`);
    expect(miss.status, miss.text).toBe(404);
    const received = await api.post("/sandbox/uma/receive", {
      senderUmaAddress: "$x@y.example",
      receiverUmaAddress: lookalike,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 1,
    });
    expect(received.status, received.text).toBe(404);
    expect(received.body.code).toBe("UMA_NOT_FOUND");
  });
});

describe("invitations", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  let inviter: { id: string; umaAddress: string };
  beforeAll(async () => {
    hooks = await new WebhookReceiver().start();
    api = await newPlatform();
    inviter = await newCustomer(api, ["USD"], "Ivy Inviter");
  });

  it("400 INVITATIONS_NOT_CONFIGURED without a webhook endpoint; 400 INVALID_UMA_ADDRESS", async () => {
    const res = await api.post("/invitations", { inviterUma: inviter.umaAddress });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVITATIONS_NOT_CONFIGURED");
    await api.patch("/config", { webhookEndpoint: hooks.url });
    const bad = await api.post("/invitations", { inviterUma: "bob" });
    expect(bad.body.code).toBe("INVALID_UMA_ADDRESS");
    const stranger = await api.post("/invitations", { inviterUma: "$stranger@elsewhere.example" });
    expect(stranger.body.code).toBe("INVALID_UMA_ADDRESS");
    // The inviter's address in other letter case names the same customer, and the invitation keeps it as stored.
    const shouted = await api.post("/invitations", { inviterUma: inviter.umaAddress.toUpperCase() });
    expect(shouted.status, shouted.text).toBe(201);
    expect(shouted.body.inviterUma).toBe(inviter.umaAddress);
    expect(shouted.body.amountToSend).toBeUndefined();
    const past = await api.post("/invitations", {
      inviterUma: inviter.umaAddress,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.body.details.errors[0]).toMatchObject({ field: "expiresAt", constraint: "MINIMUM" });
  });

  it("create, get, claim (INVITATION.CLAIMED webhook), then 400 INVITATION_ALREADY_CLAIMED", async () => {
    const created = await api.post("/invitations", {
      inviterUma: inviter.umaAddress,
      firstName: "Zoe",
      amountToSend: 500,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "PENDING",
      inviterUma: inviter.umaAddress,
      firstName: "Zoe",
      amountToSend: { amount: 500, currency: { code: "USD" } },
    });
    expect(created.body.url).toContain(created.body.code);
    const other = await newPlatform();
    expect((await other.get(`/invitations/${created.body.code}`)).body.code).toBe(created.body.code);
    const claimed = await other.post(`/invitations/${created.body.code}/claim`, { inviteeUma: "$zoe@other.example" });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ status: "CLAIMED", inviteeUma: "$zoe@other.example" });
    expect(claimed.body.claimedAt).toBeTruthy();
    const hook = await hooks.waitForType("INVITATION.CLAIMED");
    expect(hook.body.data.code).toBe(created.body.code);
    const again = await api.post(`/invitations/${created.body.code}/claim`, { inviteeUma: "$zed@other.example" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVITATION_ALREADY_CLAIMED");
    expect((await api.post(`/invitations/${created.body.code}/cancel`)).body.code).toBe("INVITATION_ALREADY_CLAIMED");
  });

  it("cancel (creator only, 403 otherwise), then 400 INVITATION_CANCELLED; unknown codes 404; expired invitations", async () => {
    const created = await api.post("/invitations", { inviterUma: inviter.umaAddress });
    const other = await newPlatform();
    expect((await other.post(`/invitations/${created.body.code}/cancel`)).status).toBe(403);
    const cancelled = await api.post(`/invitations/${created.body.code}/cancel`);
    expect(cancelled.body.status).toBe("CANCELLED");
    const claim = await api.post(`/invitations/${created.body.code}/claim`, { inviteeUma: "$x@y.example" });
    expect(claim.body.code).toBe("INVITATION_CANCELLED");
    expect((await api.post(`/invitations/${created.body.code}/cancel`)).body.code).toBe("INVITATION_CANCELLED");
    expect((await api.get(`/invitations/NOPE1234`)).status).toBe(404);
    const soon = await api.post("/invitations", {
      inviterUma: inviter.umaAddress,
      expiresAt: new Date(Date.now() + 300).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 400));
    expect((await api.get(`/invitations/${soon.body.code}`)).body.status).toBe("EXPIRED");
    expect((await api.post(`/invitations/${soon.body.code}/claim`, { inviteeUma: "$x@y.example" })).status).toBe(400);
    const badClaim = await api.post(`/invitations/${soon.body.code}/claim`, { inviteeUma: "nope" });
    expect(badClaim.body.code).toBe("INVALID_UMA_ADDRESS");
  });
});

// What released clients of this API version rely on (issue 19, section 4):
// the legacy operations they still call, comma-joined array query parameters,
// x-should-retry: false on permanent conflicts, the error text also as
// `message`, and the reference's card field names as request aliases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, type ApiClient } from "../../support/api";
import { ADDRESS, fund, internalAccount } from "../../support/money";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { approvePlatform, approvedCardholder, waitForStatus } from "../cards/helpers";

describe("released clients of 2025-10-13", () => {
  let api: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    api = await newPlatform();
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });
  afterAll(() => hooks.stop());

  it("GET /quotes lists the platform's quotes newest first with filters, marked deprecated", async () => {
    const a = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Quote Lister",
      currencies: ["USD", "EUR"],
    });
    const usd = await internalAccount(api, a.body.id, "USD");
    const eur = await internalAccount(api, a.body.id, "EUR");
    await fund(api, usd, 10_000);
    const quote = (extra: Record<string, unknown> = {}) =>
      api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: usd },
        destination: { destinationType: "ACCOUNT", accountId: eur },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_000,
        ...extra,
      });
    const pending = await quote();
    const executed = await quote({ immediatelyExecute: true });
    expect([pending.status, executed.status]).toEqual([201, 201]);
    const all = await api.get(`/quotes?customerId=${a.body.id}`);
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get("deprecation")).toBe("true");
    expect(all.body.data.map((q: { id: string }) => q.id)).toEqual([executed.body.id, pending.body.id]);
    expect(all.body).toMatchObject({ hasMore: false, totalCount: 2 });
    // The status filter matches the status GET /quotes/{quoteId} reports (sandbox time runs fast: read it first).
    const status = (await api.get(`/quotes/${pending.body.id}`)).body.status as string;
    const byStatus = await api.get(`/quotes?customerId=${a.body.id}&status=${status}`);
    expect(byStatus.body.data.map((q: { id: string }) => q.id)).toContain(pending.body.id);
    const executedStatus = (await api.get(`/quotes/${executed.body.id}`)).body.status as string;
    if (executedStatus !== status) {
      expect(byStatus.body.data.map((q: { id: string }) => q.id)).not.toContain(executed.body.id);
    }
    const paged = await api.get(`/quotes?sendingAccountId=${usd}&limit=1`);
    expect(paged.body).toMatchObject({ hasMore: true, totalCount: 2 });
    const next = await api.get(`/quotes?sendingAccountId=${usd}&limit=1&cursor=${paged.body.nextCursor}`);
    expect(next.body.data[0].id).toBe(pending.body.id);
    const other = await newPlatform();
    expect((await other.get("/quotes")).body.data).toEqual([]);
  });

  it("POST /webhooks/test delivers a TEST webhook like /sandbox/webhooks/test", async () => {
    const res = await api.post("/webhooks/test");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ url: hooks.url, response_status: 200 });
    expect(res.headers.get("link")).toContain("/sandbox/webhooks/test");
    await hooks.waitForType("TEST");
  });

  it("GET /customers/kyc-link finds the customer by platformCustomerId and answers its hosted link", async () => {
    // A platform whose customers still need verification (the shared one approves them at creation).
    const api = await newPlatform();
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: "legacy-kyc-1",
      currencies: ["USD"],
    });
    expect(c.status).toBe(201);
    const res = await api.get(
      "/customers/kyc-link?platformCustomerId=legacy-kyc-1&redirectUri=https://example.com/done",
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ customerId: c.body.id, platformCustomerId: "legacy-kyc-1" });
    expect(res.body.kycUrl).toMatch(/\/kyc\//);
    expect((await api.get("/customers/kyc-link?platformCustomerId=nobody")).status).toBe(404);
    // without platformCustomerId it names no customer: 404, as the reference answers GET /customers/{customerId}
    expect((await api.get("/customers/kyc-link")).status).toBe(404);
  });

  it("the Plaid link flow turns a sandbox public token into the customer's USD external account", async () => {
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Plaid Linker",
      address: ADDRESS,
      currencies: ["USD"],
    });
    const link = await api.post("/plaid/link-tokens", { customerId: c.body.id });
    expect(link.status, link.text).toBe(200);
    expect(link.body.linkToken).toMatch(/^link-sandbox-/);
    expect(link.body.callbackUrl).toContain(`/plaid/callback/${link.body.linkToken}`);
    const account = await api.post(`/plaid/callback/${link.body.linkToken}`, { publicToken: "public-sandbox-abc-123" });
    expect(account.status, account.text).toBe(200);
    expect(account.body).toMatchObject({ customerId: c.body.id, currency: "USD" });
    expect(account.body.accountInfo).toMatchObject({ accountType: "USD_ACCOUNT", routingNumber: "011401533" });
    const listed = await api.get(`/customers/external-accounts?customerId=${c.body.id}`);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(account.body.id);
    const bad = await api.post(`/plaid/callback/${link.body.linkToken}`, { publicToken: "not-a-token" });
    expect(bad.status).toBe(400);
    const other = await newPlatform();
    expect(
      (await other.post(`/plaid/callback/${link.body.linkToken}`, { publicToken: "public-sandbox-x" })).status,
    ).toBe(404);
    const forged = `${link.body.linkToken.slice(0, -2)}xx`;
    expect((await api.post(`/plaid/callback/${forged}`, { publicToken: "public-sandbox-x" })).status).toBe(404);
  });

  it("an array query parameter accepts the comma-joined form as well as the repeated one", async () => {
    const joined = await api.get("/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,MXN");
    const repeated = await api.get(
      "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=MXN",
    );
    expect(joined.status, joined.text).toBe(200);
    const dests = (r: typeof joined) =>
      r.body.data.map((d: { destinationCurrency: { code: string } }) => d.destinationCurrency.code).sort();
    expect(dests(joined)).toEqual(["EUR", "MXN"]);
    expect(dests(joined)).toEqual(dests(repeated));
    const bad = await api.get("/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,XXX");
    expect(bad.status).toBe(400);
  });

  it("a permanent 409 carries x-should-retry: false, an Idempotency-Key still in flight does not", async () => {
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: "dup-409",
      currencies: ["USD"],
    });
    expect(c.status).toBe(201);
    const dup = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      platformCustomerId: "dup-409",
      currencies: ["USD"],
    });
    expect(dup.status).toBe(409);
    expect(dup.headers.get("x-should-retry")).toBe("false");
    const ok = await api.get("/customers");
    expect(ok.headers.get("x-should-retry")).toBeNull();
  });

  it("every error body carries its text as message too", async () => {
    const res = await api.post("/customers", { customerType: "ROBOT" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(res.body.reason);
    expect(res.body.code).toBe("INVALID_INPUT");
    const missing = await api.get("/customers/Customer:019542f5-b3e7-7d02-8000-000000000001");
    expect(missing.body.message).toBe(missing.body.reason);
  });

  it("POST /cards and PATCH /cards accept the reference's cardholderId, fundingSources and state", async () => {
    const holder = await approvedCardholder(api, { fund: 1_000 });
    const res = await api.post("/cards", {
      cardholderId: holder.customerId,
      form: "VIRTUAL",
      fundingSources: [holder.usdAccountId],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ customerId: holder.customerId, fundingSource: holder.usdAccountId });
    expect(res.body.cardholderId).toBeUndefined();
    await waitForStatus(api, res.body.id, "ACTIVE");
    const frozen = await api.patch(`/cards/${res.body.id}`, { state: "FROZEN" });
    expect(frozen.status, frozen.text).toBe(200);
    expect(frozen.body.status).toBe("FROZEN");
    const both = await api.post("/cards", {
      customerId: holder.customerId,
      cardholderId: holder.customerId,
      fundingSource: holder.usdAccountId,
    });
    expect(both.status).toBe(400);
    expect(both.body.details.errors[0].field).toBe("cardholderId");
    const two = await api.post("/cards", {
      cardholderId: holder.customerId,
      fundingSources: [holder.usdAccountId, holder.usdAccountId],
    });
    expect(two.status).toBe(400);
    expect(two.body.details.errors[0].field).toBe("fundingSources");
    const none = await api.post("/cards", { form: "VIRTUAL", fundingSource: holder.usdAccountId });
    expect(none.status).toBe(400);
    expect(none.body.details.errors[0].field).toBe("customerId");
  });

  it("PATCH /cards takes fundingSources as an alias of fundingSource; a closed card's 409 is not retryable", async () => {
    const holder = await approvedCardholder(api, { fund: 1_000 });
    const card = await api.post("/cards", { customerId: holder.customerId, fundingSource: holder.usdAccountId });
    expect(card.status, card.text).toBe(201);
    await waitForStatus(api, card.body.id, "ACTIVE");
    const rebound = await api.patch(`/cards/${card.body.id}`, { fundingSources: [holder.usdAccountId] });
    expect(rebound.status, rebound.text).toBe(200);
    expect(rebound.body.fundingSource).toBe(holder.usdAccountId);
    expect(rebound.body.fundingSources).toBeUndefined();
    const closed = await api.patch(`/cards/${card.body.id}`, { state: "CLOSED" });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
    // the CLI's retry loop (like the SDK's) stops on x-should-retry: false, and prints message
    const again = await api.patch(`/cards/${card.body.id}`, { fundingSources: [holder.usdAccountId] });
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe("CARD_NOT_MUTABLE");
    expect(again.headers.get("x-should-retry")).toBe("false");
    expect(again.body.message).toBe(again.body.reason);
  });

  it("GET /cards filters by the reference's cardholderId and state as by customerId and status", async () => {
    const api = await newPlatform();
    await approvePlatform(api);
    const [a, b] = [await approvedCardholder(api, { fund: 1_000 }), await approvedCardholder(api, { fund: 1_000 })];
    const issue = async (h: typeof a) =>
      (await api.post("/cards", { cardholderId: h.customerId, fundingSources: [h.usdAccountId] })).body.id as string;
    const [cardA, cardB] = [await issue(a), await issue(b)];
    await waitForStatus(api, cardA, "ACTIVE");
    await waitForStatus(api, cardB, "ACTIVE");
    expect((await api.patch(`/cards/${cardA}`, { state: "FROZEN" })).status).toBe(200);
    const ids = async (query: string) => {
      const res = await api.get(`/cards?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((c: { id: string }) => c.id);
    };
    // the official CLI's `cards list --cardholder-id` and `--state` send these names
    expect(await ids(`cardholderId=${b.customerId}`)).toEqual([cardB]);
    expect(await ids(`cardholderId=${b.customerId}`)).toEqual(await ids(`customerId=${b.customerId}`));
    expect(await ids("state=FROZEN")).toEqual([cardA]);
    expect(await ids("state=ACTIVE")).toEqual(await ids("status=ACTIVE"));
    expect(await ids("state=ACTIVE")).toEqual([cardB]);
    const both = await api.get(`/cards?customerId=${a.customerId}&cardholderId=${a.customerId}`);
    expect(both.status).toBe(400);
    expect(both.body.details.errors[0].field).toBe("cardholderId");
  });

  it("a fiat external account in the SDK 0.7.0 shape (countries, paymentRails) is accepted; they are not stored", async () => {
    const c = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Sdk Shape", currencies: ["USD"] });
    const accountInfo = {
      accountType: "USD_ACCOUNT",
      accountNumber: "555666777000",
      routingNumber: "021000021",
      countries: ["US"],
      paymentRails: ["ACH", "WIRE"],
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Sdk Shape", address: ADDRESS },
    };
    const res = await api.post("/customers/external-accounts", { customerId: c.body.id, currency: "USD", accountInfo });
    expect(res.status, res.text).toBe(201);
    expect(res.body.accountInfo.countries).toBeUndefined();
    expect(res.body.accountInfo.accountNumber).toBe("555666777000");
    const bad = await api.post("/customers/external-accounts", {
      customerId: c.body.id,
      currency: "USD",
      accountInfo: { ...accountInfo, accountNumber: "555666777001", countries: ["usa"] },
    });
    expect(bad.status).toBe(400);
  });
});

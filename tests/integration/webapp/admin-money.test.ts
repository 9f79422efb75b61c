// The admin BFF's money routes at the HTTP boundary: transaction decisions
// (approve / reject / cancel) with the API's refusals reworded into advice,
// the sandbox's incoming UMA payment, and the platform's external accounts.
// The BFF serves the server's own sandbox platform, so that is the tenant here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, server } from "../../support/api";
import { balanceOf, externalUsd, fund, internalAccount, newCustomer, usdAccountInfo } from "../../support/money";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { staffBrowser, type Browser } from "../../support/staff";

describe("admin BFF: transactions, incoming UMA and external accounts", () => {
  let api: ApiClient;
  let operator: Browser;
  let viewer: Browser;
  let hooks: WebhookReceiver;
  let customer: { id: string; umaAddress: string };

  beforeAll(async () => {
    const s = server();
    api = new ApiClient(s.baseUrl, s.clientId, s.clientSecret, "");
    [operator, viewer] = await Promise.all([staffBrowser("operator"), staffBrowser("viewer")]);
    customer = await newCustomer(api, ["USD"], "Uma Receiver");
  });

  afterAll(async () => {
    await hooks?.stop();
  });

  async function receive(amount: number) {
    const r = await operator.bff("POST", "/api/admin/sandbox/uma-receive", {
      senderUmaAddress: "$payer@sender.example",
      customerId: customer.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string; status: string };
  }

  it("incoming UMA: an operator simulates one (completed without a webhook endpoint); a viewer is refused; a wrong receiver gets advice", async () => {
    const before = (await balanceOf(api, customer.id)).available;
    const done = await receive(250);
    expect(done.status).toBe("COMPLETED");
    expect((await balanceOf(api, customer.id)).available).toBe(before + 250);

    const byAddress = await operator.bff("POST", "/api/admin/sandbox/uma-receive", {
      senderUmaAddress: "$payer@sender.example",
      receiverUmaAddress: customer.umaAddress,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 5,
    });
    expect(byAddress.status).toBe(200);

    const unknown = await operator.bff("POST", "/api/admin/sandbox/uma-receive", {
      senderUmaAddress: "$payer@sender.example",
      receiverUmaAddress: "$nobody@nowhere.example",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 5,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("UMA_NOT_FOUND");
    expect(unknown.body.reason).toContain("Check the receiver's UMA address");
    expect(unknown.body).not.toHaveProperty("message");

    const noReceiver = await operator.bff("POST", "/api/admin/sandbox/uma-receive", {
      senderUmaAddress: "$payer@sender.example",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 5,
    });
    expect(noReceiver.status).toBe(400);
    expect(noReceiver.body.code).toBe("INVALID_INPUT");

    const denied = await viewer.bff("POST", "/api/admin/sandbox/uma-receive", {
      senderUmaAddress: "$payer@sender.example",
      customerId: customer.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 5,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("FORBIDDEN");
  });

  it("approve and reject a payment pending platform approval; a second decision is 409 with advice; a viewer is refused", async () => {
    hooks = await new WebhookReceiver().start();
    expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
    try {
      const first = await receive(1_111);
      const second = await receive(2_222);
      expect(first.status).toBe("PENDING");
      const before = (await balanceOf(api, customer.id)).available;

      const viewerTry = await viewer.bff("POST", `/api/admin/transactions/${encodeURIComponent(first.id)}/approve`, {});
      expect(viewerTry.status).toBe(403);
      expect((await api.get(`/transactions/${first.id}`)).body.status).toBe("PENDING");

      const noCsrf = await operator.fetch(`/api/admin/transactions/${encodeURIComponent(first.id)}/approve`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(noCsrf.status).toBe(403);

      const approved = await operator.bff(
        "POST",
        `/api/admin/transactions/${encodeURIComponent(first.id)}/approve`,
        {},
      );
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.status).toBe("COMPLETED");
      expect((await balanceOf(api, customer.id)).available).toBe(before + 1_111);

      const again = await operator.bff("POST", `/api/admin/transactions/${encodeURIComponent(first.id)}/reject`, {
        reason: "too late",
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
      expect(again.body.reason).toContain("not waiting for platform approval any more");
      expect(again.body.reason).toContain("Reload the page");

      const rejected = await operator.bff("POST", `/api/admin/transactions/${encodeURIComponent(second.id)}/reject`, {
        reason: "Unexpected sender",
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.status).toBe("REJECTED");
      expect(rejected.body.failureReason).toBeUndefined();
      expect((await balanceOf(api, customer.id)).available).toBe(before + 1_111);
    } finally {
      await api.patch("/config", { webhookEndpoint: null });
    }
  });

  it("cancel stops a held payout; a settled one is 409 TRANSACTION_NOT_CANCELLABLE with advice; unknown actions and ids are refused", async () => {
    const usd = await internalAccount(api, customer.id);
    await fund(api, usd, 10_000);
    const ext = await externalUsd(api, customer.id, "6200000003");
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
      immediatelyExecute: true,
    });
    expect(q.body.status).toBe("PROCESSING");
    const cancelled = await operator.bff(
      "POST",
      `/api/admin/transactions/${encodeURIComponent(q.body.transactionId)}/cancel`,
      { reason: "operator stop" },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "FAILED", refund: { reason: "USER_CANCELLATION" } });

    const twice = await operator.bff(
      "POST",
      `/api/admin/transactions/${encodeURIComponent(q.body.transactionId)}/cancel`,
      {},
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("TRANSACTION_NOT_CANCELLABLE");
    expect(twice.body.reason).toContain("can no longer be cancelled");

    const bogus = await operator.bff(
      "POST",
      `/api/admin/transactions/${encodeURIComponent(q.body.transactionId)}/refund`,
      {},
    );
    expect(bogus.status).toBe(404);
    const missing = await operator.bff(
      "POST",
      "/api/admin/transactions/Transaction:00000000-0000-4000-8000-000000000000/approve",
      {},
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("TRANSACTION_NOT_FOUND");
    expect(missing.body.reason).toContain("Go back to the transactions list");
  });

  it("platform external accounts: an operator adds one and deletes it; field errors come through; a viewer is refused", async () => {
    const info = {
      ...usdAccountInfo(`88${Date.now().toString().slice(-7)}1`),
      beneficiary: {
        beneficiaryType: "BUSINESS",
        legalName: "Platform Treasury LLC",
        address: { line1: "1 Main St", postalCode: "10001", country: "US" },
      },
    };
    const bad = await operator.bff("POST", "/api/admin/external-accounts", {
      currency: "USD",
      accountInfo: { ...info, routingNumber: "12" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_INPUT");
    expect(JSON.stringify(bad.body.details)).toContain("routingNumber");

    const viewerTry = await viewer.bff("POST", "/api/admin/external-accounts", { currency: "USD", accountInfo: info });
    expect(viewerTry.status).toBe(403);

    const made = await operator.bff("POST", "/api/admin/external-accounts", {
      currency: "USD",
      platformAccountId: "treasury-1",
      accountInfo: info,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.customerId).toBeUndefined();
    const listed = await api.get("/platform/external-accounts?limit=100");
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(made.body.id);

    const dup = await operator.bff("POST", "/api/admin/external-accounts", { currency: "USD", accountInfo: info });
    expect(dup.status).toBe(409);
    expect(dup.body.reason).toContain("Use the existing one");

    expect(
      (await viewer.bff("DELETE", `/api/admin/external-accounts/${encodeURIComponent(made.body.id)}?owner=platform`))
        .status,
    ).toBe(403);
    const deleted = await operator.bff(
      "DELETE",
      `/api/admin/external-accounts/${encodeURIComponent(made.body.id)}?owner=platform`,
    );
    expect(deleted.status).toBe(204);
    expect((await api.get(`/platform/external-accounts/${made.body.id}`)).status).toBe(404);
    const gone = await operator.bff(
      "DELETE",
      `/api/admin/external-accounts/${encodeURIComponent(made.body.id)}?owner=platform`,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.reason).toContain("Reload the page");
  });

  it("a customer's external account is deleted through the customer path", async () => {
    const ext = await externalUsd(api, customer.id, `63${Date.now().toString().slice(-7)}1`);
    const deleted = await operator.bff("DELETE", `/api/admin/external-accounts/${encodeURIComponent(ext.id)}`);
    expect(deleted.status).toBe(204);
    expect((await api.get(`/customers/external-accounts/${ext.id}`)).status).toBe(404);
  });
});

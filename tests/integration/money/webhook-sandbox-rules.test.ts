// The webhooks of money movement name the sandbox rule that decided their outcome in the
// Meridian-Sandbox-Rule header, as every other webhook does (docs/sandbox.md, "Rule catalogue"):
// one family per way money moves (transfers, executed quotes, sandbox send and fund, card simulations),
// at once and when a job decides the outcome later. A webhook no rule steered names none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor, type ApiClient } from "../../support/api";
import { externalUsd, internalAccount, umaLookup } from "../../support/money";
import { fundedStage } from "../../support/money-stage";
import type { ReceivedWebhook, WebhookReceiver } from "../../support/webhook-receiver";
import { approvePlatform, approvedCardholder, issueCard, waitForStatus } from "../cards/helpers";

const RULE = "meridian-sandbox-rule";

describe("Meridian-Sandbox-Rule on money webhooks", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  let customer: { id: string };
  let usd: string;

  beforeAll(async () => {
    ({ api, hooks, customer, usd } = await fundedStage({
      platformName: "Money webhook rules",
      customerName: "Rule Reader",
      currencies: ["USD", "EUR"],
      amount: 1_000_000,
      configure: (platform, webhookEndpoint) => approvePlatform(platform, { webhookEndpoint }),
    }));
  });
  afterAll(() => hooks.stop());

  /** Every webhook about this object, once `type` has arrived. */
  async function hooksOf(objectId: string, type: string): Promise<ReceivedWebhook[]> {
    await hooks.waitForType(type, { where: (w) => w.body.data.id === objectId, timeoutMs: 20_000 });
    return hooks.received.filter((w) => w.body.data.id === objectId);
  }

  it("transfers: a payout's events name the pull-payout rule, also when a job fails it later", async () => {
    const now = await externalUsd(api, customer.id, "5100000003");
    const failed = await api.post("/transfer-out", {
      source: { accountId: usd },
      destination: { accountId: now.id, paymentRail: "ACH" },
      amount: 500,
    });
    expect(failed.body.status).toBe("FAILED");
    expect(failed.headers.get(RULE)).toBe("external-account.pull-payout.003");
    const events = await hooksOf(failed.body.id, "OUTGOING_PAYMENT.FAILED");
    expect(events.length).toBeGreaterThan(1);
    for (const e of events) expect(e.headers[RULE], e.body.type).toBe("external-account.pull-payout.003");

    const later = await externalUsd(api, customer.id, "5100000005");
    const pending = await api.post("/transfer-out", {
      source: { accountId: usd },
      destination: { accountId: later.id, paymentRail: "ACH" },
      amount: 500,
    });
    expect(pending.body.status).toBe("PROCESSING");
    // The job that fails it (about 30 s, scaled) names the rule of the request that started it.
    const [fail] = (await hooksOf(pending.body.id, "OUTGOING_PAYMENT.FAILED")).filter(
      (w) => w.body.type === "OUTGOING_PAYMENT.FAILED",
    );
    expect(fail.headers[RULE]).toBe("external-account.pull-payout.005");
  });

  it("executed quotes: the quote destination's and the UMA receiver's rules", async () => {
    const ext = await externalUsd(api, customer.id, "4000000002");
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
    });
    const executed = await api.post(`/quotes/${q.body.id}/execute`);
    expect(executed.body.status).toBe("FAILED");
    const events = await hooksOf(q.body.transactionId, "OUTGOING_PAYMENT.REFUND_COMPLETED");
    for (const e of events) expect(e.headers[RULE], e.body.type).toBe("quote.destination.002");

    const umaAddress = "$fail.compliance.usd@sandbox.meridian.local";
    const uma = await api.post("/quotes", {
      lookupId: await umaLookup(api, umaAddress),
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
      immediatelyExecute: true,
    });
    expect(uma.body.status).toBe("FAILED");
    const umaEvents = await hooksOf(uma.body.transactionId, "OUTGOING_PAYMENT.FAILED");
    for (const e of umaEvents) expect(e.headers[RULE], e.body.type).toBe("uma.receiver.fail.compliance.usd");
  });

  it("sandbox send and fund: a real-time funded quote's payout names its destination's rule; funding names none", async () => {
    const ext = await externalUsd(api, customer.id, "4000000004");
    const q = await api.post("/quotes", {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: customer.id },
      destination: { destinationType: "ACCOUNT", accountId: ext.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1000,
    });
    expect(q.status).toBe(201);
    const sent = await api.post("/sandbox/send", { quoteId: q.body.id, currencyCode: "USD" });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("FAILED");
    const failed = (await hooksOf(q.body.transactionId, "OUTGOING_PAYMENT.FAILED")).filter(
      (w) => w.body.type === "OUTGOING_PAYMENT.FAILED",
    );
    expect(failed[0].headers[RULE]).toBe("quote.destination.004");

    const eur = await internalAccount(api, customer.id, "EUR");
    const funded = await api.post(`/sandbox/internal-accounts/${eur}/fund`, { amount: 700 });
    expect(funded.status).toBe(200);
    const balance = await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED", {
      where: (w) => w.body.data.id === eur && w.body.data.balance.amount === 700,
    });
    expect(balance.headers).not.toHaveProperty(RULE);
  });

  it("card simulations: the descriptor's rule, on the approval and on the job that confirms the pull later", async () => {
    const holder = await approvedCardholder(api, { fund: 100_000 });
    const card = await issueCard(api, holder);
    await waitForStatus(api, card.id, "ACTIVE");
    const res = await api.post(`/sandbox/cards/${card.id}/simulate/authorization`, {
      amount: 1200,
      currency: { code: "USD" },
      merchant: { descriptor: "SLOW SHOP 005", mcc: "5814", country: "US" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(RULE)).toBe("card.descriptor.005");
    // The approval's event, then the confirmation job's (the pull pending about 30 s, scaled).
    const events = await waitFor(
      async () => {
        const of = hooks.received.filter((w) => w.body.data.id === res.body.id);
        return of.length >= 2 ? of : undefined;
      },
      { what: "the approval's and the confirmation's webhooks", timeoutMs: 20_000 },
    );
    for (const e of events) expect(e.headers[RULE], e.body.type).toBe("card.descriptor.005");
  });
});

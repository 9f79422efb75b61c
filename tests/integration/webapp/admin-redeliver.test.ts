// An operator's manual redelivery of a webhook event (POST /api/admin/webhooks/{eventId}/redeliver) delivers the
// same event again and, like its first delivery, names the sandbox rule that steered its outcome in the
// Meridian-Sandbox-Rule header (the event keeps its rules; the redelivery is a new job). The admin BFF serves the
// server's own sandbox platform, so that is the tenant here; its configuration is put back afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, server, waitFor } from "../../support/api";
import { staffBrowser, type Browser } from "../../support/staff";
import { WebhookReceiver, type ReceivedWebhook } from "../../support/webhook-receiver";
import { activeCard, approvePlatform, approvedCardholder, issueCard } from "../cards/helpers";

describe("admin redelivery of a webhook event", () => {
  let api: ApiClient;
  let operator: Browser;
  const hooks = new WebhookReceiver();
  let before: { webhookEndpoint: string | null; skipVerificationPaperwork: boolean };

  beforeAll(async () => {
    const s = server();
    api = new ApiClient(s.baseUrl, s.clientId, s.clientSecret, "");
    operator = await staffBrowser("operator");
    const config = await api.get("/config");
    expect(config.status).toBe(200);
    before = {
      webhookEndpoint: config.body.webhookEndpoint ?? null,
      skipVerificationPaperwork: Boolean(config.body.skipVerificationPaperwork),
    };
    await hooks.start();
    await approvePlatform(api, { webhookEndpoint: hooks.url });
  });

  afterAll(async () => {
    await api?.patch("/config", before);
    await hooks.stop();
  });

  /** Redelivers the event of `first` from the console and waits for that second delivery. */
  async function redeliver(first: ReceivedWebhook): Promise<ReceivedWebhook> {
    const eventId = first.body.id.replace(/^Webhook:/, "");
    const res = await operator.bff("POST", `/api/admin/webhooks/${eventId}/redeliver`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return waitFor(
      async () => {
        const same = hooks.received.filter((w) => w.body.id === first.body.id);
        return same.length >= 2 ? same[1] : undefined;
      },
      { what: `the redelivery of ${first.body.id}` },
    );
  }

  it("a rule-steered event (issuance suffix 002) carries Meridian-Sandbox-Rule on its redelivery too", async () => {
    const holder = await approvedCardholder(api, { platformCustomerId: `redeliver-${Date.now()}-002` });
    const card = await issueCard(api, holder);
    const first = await hooks.waitForType("CARD.STATUS_CHANGE", {
      where: (w) => w.body.data.id === card.id && w.body.data.status === "CLOSED",
    });
    expect(first.headers["meridian-sandbox-rule"]).toBe("card.issuance.002");

    const again = await redeliver(first);
    expect(again.rawBody).toBe(first.rawBody);
    expect(again.headers["meridian-sandbox-rule"]).toBe("card.issuance.002");
  });

  it("an event no rule steered is redelivered without the header", async () => {
    const { card } = await activeCard(api);
    const first = await hooks.waitForType("CARD.STATUS_CHANGE", {
      where: (w) => w.body.data.id === card.id && w.body.data.status === "ACTIVE",
    });
    expect(first.headers).not.toHaveProperty("meridian-sandbox-rule");
    const again = await redeliver(first);
    expect(again.body.data).toMatchObject({ id: card.id, status: "ACTIVE" });
    expect(again.headers).not.toHaveProperty("meridian-sandbox-rule");
  });
});

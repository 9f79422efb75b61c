// The sandbox's built-in webhook receiver (POST /api/sandbox/webhook-inbox):
// a platform pointed at it gets its test webhook delivered on a fresh start;
// a body Meridian did not sign is refused.
import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";
import { signWebhookBody } from "../../../lib/webhooks/sign";

const inbox = () => `${server().origin}/api/sandbox/webhook-inbox`;

describe("sandbox webhook receiver", () => {
  it("acknowledges a delivery signed by Meridian and names its type", async () => {
    const body = JSON.stringify({ id: "Webhook:test", type: "TEST", timestamp: new Date().toISOString() });
    const res = await fetch(inbox(), {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": signWebhookBody(body) },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, type: "TEST" });
  });

  it("refuses an unsigned or tampered body with 401 INVALID_SIGNATURE, in words", async () => {
    const body = JSON.stringify({ type: "TEST" });
    for (const signature of ["", signWebhookBody(`${body} `)]) {
      const res = await fetch(inbox(), {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": signature },
        body,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: "INVALID_SIGNATURE",
        reason: "This delivery is not signed by Meridian.",
      });
    }
  });

  it("a fresh platform pointed at it gets its test webhook delivered", async () => {
    const api = await newPlatform("Inbox platform");
    expect((await api.patch("/config", { webhookEndpoint: inbox() })).status).toBe(200);
    const sent = await api.post("/sandbox/webhooks/test", {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ url: inbox(), response_status: 200 });
  });
});

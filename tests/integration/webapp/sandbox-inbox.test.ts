// The sandbox's built-in webhook receiver (POST /api/sandbox/webhook-inbox):
// a platform pointed at it gets its test webhook delivered on a fresh start;
// a body Meridian did not sign is refused.
import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";
import { createSign, generateKeyPairSync } from "node:crypto";

const inbox = () => `${server().origin}/api/sandbox/webhook-inbox`;

describe("sandbox webhook receiver", () => {
  it("refuses an unsigned or tampered body with 401 INVALID_SIGNATURE, in words", async () => {
    const body = JSON.stringify({ type: "TEST" });
    // Empty, and a well-formed ECDSA signature by a key that is not Meridian's.
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const foreign = createSign("sha256").update(body).sign(privateKey).toString("base64");
    for (const signature of ["", foreign]) {
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

  it("a fresh platform pointed at it gets its signed test webhook delivered and acknowledged", async () => {
    const api = await newPlatform("Inbox platform");
    expect((await api.patch("/config", { webhookEndpoint: inbox() })).status).toBe(200);
    const sent = await api.post("/sandbox/webhooks/test", {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ url: inbox(), response_status: 200 });
  });
});

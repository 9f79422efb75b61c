import { createPublicKey, createVerify } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { database, newPlatform, server, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start();
  receivers.push(r);
  return r;
}

async function fundSomething(api: ApiClient, amount = 100) {
  const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Hook Test" });
  const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
  return api.post(`/sandbox/internal-accounts/${accounts.body.data[0].id}/fund`, { amount });
}

async function deliveries(eventId: string) {
  const { rows } = await database().query(
    `SELECT d.attempt, d.response_status, e.status FROM webhook_deliveries d ` +
      `JOIN webhook_events e ON e.id = d.event_id WHERE e.id = $1 ORDER BY ` +
      `d.attempt`,
    [eventId.replace(/^Webhook:/, "")],
  );
  return rows;
}

describe("webhook delivery", () => {
  it("delivers the outbox event with the envelope and a signature that verifies with the published key", async () => {
    const api = await newPlatform();
    const hooks = await receiver();
    await api.patch("/config", { webhookEndpoint: hooks.url });
    const funded = await fundSomething(api, 4200);
    const hook = await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    expect(hook.body.id).toMatch(/^Webhook:[0-9a-f-]{36}$/);
    expect(new Date(hook.body.timestamp).toISOString()).toBe(hook.body.timestamp);
    expect(hook.body.data).toMatchObject({ id: funded.body.id, balance: { amount: 4200 } });
    expect(hook.headers["x-service-webhook-id"]).toBe(hook.body.id);

    const key = await fetch(`${server().baseUrl}/webhooks/signing-key`).then((r) => r.json());
    expect(key).toMatchObject({ algorithm: "ECDSA_P256_SHA256", header: "X-Service-Signature" });
    const verifier = createVerify("sha256");
    verifier.update(hook.rawBody);
    expect(
      verifier.verify(
        createPublicKey(key.publicKeyPem),
        Buffer.from(String(hook.headers["x-service-signature"]), "base64"),
      ),
    ).toBe(true);
    const tampered = createVerify("sha256");
    tampered.update(hook.rawBody.replace("4200", "4201"));
    expect(
      tampered.verify(
        createPublicKey(key.publicKeyPem),
        Buffer.from(String(hook.headers["x-service-signature"]), "base64"),
      ),
    ).toBe(false);
    await waitFor(async () => (await deliveries(hook.body.id))[0]?.status === "DELIVERED", {
      what: "delivered status",
    });
  });

  it("retries with backoff until the receiver accepts, recording every attempt", async () => {
    const api = await newPlatform();
    const hooks = await receiver();
    hooks.respondWith = (n) => (n <= 2 ? 500 : 200);
    await api.patch("/config", { webhookEndpoint: hooks.url });
    await fundSomething(api);
    await waitFor(async () => hooks.received.length >= 3, { timeoutMs: 20_000, what: "third attempt" });
    const ids = new Set(hooks.received.map((h) => h.body.id));
    expect(ids.size).toBe(1);
    const attempts = await waitFor(async () => {
      const rows = await deliveries([...ids][0]);
      return rows.length === 3 && rows[2].status === "DELIVERED" ? rows : undefined;
    });
    expect(attempts.map((r) => [r.attempt, r.response_status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it("does not retry after a 409 from the receiver", async () => {
    const api = await newPlatform();
    const hooks = await receiver();
    hooks.respondWith = 409;
    await api.patch("/config", { webhookEndpoint: hooks.url });
    await fundSomething(api);
    const hook = await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    await waitFor(async () => (await deliveries(hook.body.id))[0]?.status === "FAILED", { what: "failed status" });
    await new Promise((r) => setTimeout(r, 1000)); // the first retry would have come after 0.3 s at this time scale
    expect(hooks.ofType("INTERNAL_ACCOUNT.BALANCE_UPDATED")).toHaveLength(1);
  });

  it("keeps events without an endpoint, undelivered, and queues no delivery for them", async () => {
    const api = await newPlatform();
    const funded = await fundSomething(api);
    expect(funded.status).toBe(200);
    // Written as their delivery would have left them, in the statement that wrote them: nothing to wait for.
    const { rows } = await database().query(
      `SELECT type, status, attempts FROM webhook_events WHERE platform_id = $1`,
      [api.platformId],
    );
    expect(rows).toContainEqual({ type: "INTERNAL_ACCOUNT.BALANCE_UPDATED", status: "NO_ENDPOINT", attempts: 1 });
    expect(rows.every((r) => r.status === "NO_ENDPOINT")).toBe(true);
    const { rows: jobs } = await database().query(
      `SELECT count(*)::int AS n FROM jobs WHERE platform_id = $1 AND type = 'webhook.deliver'`,
      [api.platformId],
    );
    expect(jobs).toEqual([{ n: 0 }]);
  });
});

describe("POST /sandbox/webhooks/test", () => {
  it("400 WEBHOOK_ENDPOINT_NOT_SET without an endpoint", async () => {
    const api = await newPlatform();
    const res = await api.post("/sandbox/webhooks/test");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("WEBHOOK_ENDPOINT_NOT_SET");
  });

  it("delivers a signed TEST event and returns the receiver's answer", async () => {
    const api = await newPlatform();
    const hooks = await receiver();
    await api.patch("/config", { webhookEndpoint: hooks.url });
    const res = await api.post("/sandbox/webhooks/test");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: hooks.url,
      response_status: 200,
      response_body: JSON.stringify({ received: true }),
    });
    expect(hooks.ofType("TEST")).toHaveLength(1);
    expect(hooks.ofType("TEST")[0].headers["x-service-signature"]).toBeTruthy();
  });

  it("400 WEBHOOK_DELIVERY_ERROR when the receiver fails or cannot be reached", async () => {
    const api = await newPlatform();
    const hooks = await receiver();
    hooks.respondWith = 503;
    await api.patch("/config", { webhookEndpoint: hooks.url });
    const failed = await api.post("/sandbox/webhooks/test");
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: "WEBHOOK_DELIVERY_ERROR", details: { response_status: 503 } });

    await api.patch("/config", { webhookEndpoint: "http://127.0.0.1:9/unreachable" });
    const unreachable = await api.post("/sandbox/webhooks/test");
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.code).toBe("WEBHOOK_DELIVERY_ERROR");
    expect(unreachable.body.reason).toMatch(/failed/);
  });
});

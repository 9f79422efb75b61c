// Webhook SSRF (issue 16, item 2). Outside the sandbox a platform cannot point
// webhooks at loopback, private, link-local or metadata addresses: not at
// PATCH /config (any encoding of the address), and not at connect time after
// resolution (names that resolve to such addresses, as 127.0.0.1.nip.io does,
// are answered here by tests/support/fake-dns.mjs). The test webhook's answer
// outside the sandbox carries the status only. Production refuses to start
// with MERIDIAN_WEBHOOK_ALLOW_PRIVATE=on; the sandbox allows local receivers.
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, server, waitFor, type ApiClient } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";

const FAKE_DNS = {
  "loopback.hooks.test": ["127.0.0.1"],
  "v6-loopback.hooks.test": ["::1"],
  "metadata.hooks.test": ["169.254.169.254"],
  "private.hooks.test": ["10.20.30.40"],
  // One public answer does not make a name safe when another answer is private.
  "mixed.hooks.test": ["93.184.215.14", "127.0.0.1"],
};
const fakeDnsModule = fileURLToPath(new URL("../../support/fake-dns.mjs", import.meta.url));

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});
async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start();
  receivers.push(r);
  return r;
}

describe("webhook targets outside the sandbox", () => {
  let prod: TestServer;
  let api: ApiClient;
  let db: pg.Pool;

  beforeAll(async () => {
    prod = await startTestServer(server().mode, {
      MERIDIAN_ENVIRONMENT: "production",
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${fakeDnsModule}`.trim(),
      MERIDIAN_TEST_FAKE_DNS: JSON.stringify(FAKE_DNS),
    });
    api = await newPlatform("Production webhooks", prod);
    db = new pg.Pool({ connectionString: prod.databaseUrl, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    expect(await prod?.stop()).toBe(0);
  });

  it.each([
    ["decimal", "http://2130706433:PORT/hooks"],
    ["hexadecimal", "http://0x7f000001:PORT/hooks"],
    ["octal", "http://0177.0.0.1:PORT/hooks"],
    ["IPv6 loopback", "http://[::1]:PORT/hooks"],
    ["IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]:PORT/hooks"],
    ["a user-info prefix", "http://evil@127.0.0.1:PORT/hooks"],
    ["the metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["a private network address", "http://10.0.0.1:PORT/hooks"],
    ["localhost", "http://localhost:PORT/hooks"],
  ])("PATCH /config refuses a loopback or private webhookEndpoint written as %s", async (_name, template) => {
    const hooks = await receiver();
    const url = template.replace("PORT", new URL(hooks.url).port);
    const res = await api.patch("/config", { webhookEndpoint: url });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.details.errors).toEqual([
      {
        field: "webhookEndpoint",
        constraint: "INVALID",
        message: expect.stringMatching(/credentials|only to public addresses/),
      },
    ]);
    expect((await api.get("/config")).body).not.toHaveProperty("webhookEndpoint");
    expect(hooks.received).toHaveLength(0);
  });

  it.each(Object.keys(FAKE_DNS))(
    "a name resolving to a blocked address (%s) is accepted, but nothing is ever sent to it",
    async (name) => {
      const hooks = await receiver();
      const url = `http://${name}:${new URL(hooks.url).port}/hooks`;
      expect((await api.patch("/config", { webhookEndpoint: url })).status).toBe(200);

      const test = await api.post("/sandbox/webhooks/test", {});
      expect(test.status).toBe(400);
      expect(test.body.code).toBe("WEBHOOK_DELIVERY_ERROR");
      expect(test.body.reason).toMatch(/webhooks are delivered only to public addresses/);
      expect(test.body.details).toEqual({ url, response_status: null });
      expect(hooks.received).toHaveLength(0);
    },
  );

  it("the worker refuses at connect time too: an event for a loopback name is recorded as refused, never received", async () => {
    const hooks = await receiver();
    const url = `http://loopback.hooks.test:${new URL(hooks.url).port}/hooks`;
    expect((await api.patch("/config", { webhookEndpoint: url })).status).toBe(200);
    const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Rebinding Target" });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    expect(
      (await api.post(`/sandbox/internal-accounts/${accounts.body.data[0].id}/fund`, { amount: 100 })).status,
    ).toBe(200);
    const delivery = await waitFor(
      async () =>
        (
          await db.query(
            `SELECT d.url, d.error, d.response_status FROM webhook_deliveries d JOIN webhook_events e ON e.id ` +
              `= d.event_id
              WHERE e.platform_id = $1 AND e.type <> 'TEST' ORDER BY d.created_at LIMIT 1`,
            [api.platformId],
          )
        ).rows[0],
      { what: "a recorded delivery attempt" },
    );
    expect(delivery).toEqual({
      url,
      response_status: null,
      error: expect.stringMatching(/^BlockedTargetError: loopback\.hooks\.test is a loopback address/),
    });
    expect(hooks.received).toHaveLength(0);
  });

  it("the test webhook's answer carries no response body outside the sandbox", async () => {
    const hooks = await receiver();
    // The sandbox answers with the receiver's body; production must not, so seed a public-looking answer only through
    // the sandbox server.
    const sandbox = await newPlatform("Sandbox webhooks");
    expect((await sandbox.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
    const inSandbox = await sandbox.post("/sandbox/webhooks/test", {});
    expect(inSandbox.status).toBe(200);
    expect(inSandbox.body).toEqual({
      url: hooks.url,
      response_status: 200,
      response_body: JSON.stringify({ received: true }),
    });

    hooks.respondWith = 500;
    const failing = await sandbox.post("/sandbox/webhooks/test", {});
    expect(failing.body.details).toMatchObject({
      response_status: 500,
      response_body: JSON.stringify({ received: true }),
    });

    // Outside the sandbox the same failure reports the status only; a refused target names only the rule.
    expect((await api.patch("/config", { webhookEndpoint: "https://loopback.hooks.test/hooks" })).status).toBe(200);
    const refused = await api.post("/sandbox/webhooks/test", {});
    expect(Object.keys(refused.body.details).sort()).toEqual(["response_status", "url"]);
  });
});

describe("MERIDIAN_WEBHOOK_ALLOW_PRIVATE", () => {
  it("production refuses to start with it on, saying why", async () => {
    const error = await startTestServer(server().mode, {
      MERIDIAN_ENVIRONMENT: "production",
      MERIDIAN_WEBHOOK_ALLOW_PRIVATE: "on",
    }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (err: Error) => err,
    );
    expect(error?.message).toMatch(/MERIDIAN_WEBHOOK_ALLOW_PRIVATE: must not be on in production/);
  });
});

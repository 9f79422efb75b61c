// A fresh install's sandbox platform sends its webhooks to Meridian's built-in
// receiver without any configuration: the test button delivers, an incoming
// payment waits for approval (its webhook delivered) and the overview shows the
// delivery health. The shared e2e server starts with the receiver off (its tests
// set endpoints themselves), so this spec starts its own server with the default.
import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { startTestServer, type TestServer } from "../tests/support/server";

let server: TestServer;
let app: string;

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The default of a fresh start (tests/support/server.ts turns it off for the other specs).
  server = await startTestServer("embedded", { MERIDIAN_SANDBOX_WEBHOOK_INBOX: "on" });
  app = `http://localhost:${new URL(server.origin).port}`;
});

test.afterAll(async () => {
  await server?.stop();
});

const basic = () => `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")}`;

test("a fresh sandbox delivers webhooks to the built-in receiver, holds payments for approval and shows delivery health", async ({
  page,
}, testInfo) => {
  const request = page.request;
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: basic() }, data });
    return { status: res.status(), body: await res.json() };
  };

  // Nothing configured: the platform already names the receiver Meridian hosts.
  const config = await api("GET", "/config");
  expect(config.body.webhookEndpoint).toBe(`${app}/api/sandbox/webhook-inbox`);

  // The API's test webhook is delivered to it and acknowledged.
  const tested = await api("POST", "/sandbox/webhooks/test");
  expect(tested.status, JSON.stringify(tested.body)).toBe(200);
  expect(tested.body.response_status).toBe(200);

  // An incoming payment waits for the platform's approval, and its webhook reaches the receiver.
  const customer = await api("POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Ines Inbox",
    currencies: ["USD"],
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const payment = await api("POST", "/sandbox/uma/receive", {
    senderUmaAddress: "$payer@sender.example",
    customerId: customer.body.id,
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 4_200,
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  expect(payment.body.status).toBe("PENDING");

  // An operator of this installation signs in.
  const email = `inbox-${randomUUID().slice(0, 8)}@staff.example`;
  const password = `pw-${randomUUID()}`;
  const staff = await request.post(`${server.origin}/api/operator/staff`, {
    headers: { authorization: `Bearer ${server.operatorToken}` },
    data: { email, name: "Inbox Operator", role: "operator", password },
  });
  expect(staff.status(), await staff.text()).toBe(201);
  const csrf = (await (await request.get(`${app}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signedIn = await request.post(`${app}/api/auth/callback/staff`, {
    form: { csrfToken: csrf.csrfToken, email, password, json: "true" },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();

  // The webhooks page lists the payment's event as delivered (the job worker sends it).
  await expect(async () => {
    await page.goto(`${app}/admin/webhooks`);
    const delivered = page.getByRole("article").filter({ hasNotText: "TEST" }).filter({ hasText: "Delivered" });
    await expect(delivered.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // The overview shows the delivery health beside the payment figures, and the pending approval.
  await page.goto(`${app}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Webhook deliveries delivered/ })).toContainText(/[1-9]\d* of \d+/);
  await expect(page.getByRole("img", { name: /Delivered: [1-9]/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Waiting for approval/ })).toContainText("1");
  await expect(page.getByRole("note").filter({ hasText: "No webhook endpoint is set" })).toHaveCount(0);
  await testInfo.attach("admin-overview-webhook-health-1280", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  // The sandbox panel's test button works as it stands, naming the built-in receiver.
  await page.goto(`${app}/admin/sandbox`);
  const section = page.getByRole("region", { name: "Test webhook" });
  await expect(section).toContainText("the built-in sandbox receiver");
  await section.getByRole("button", { name: "Send test webhook" }).click();
  await expect(section.getByRole("status")).toContainText("Test webhook sent");

  // The payment waiting for approval is approved from its page.
  await page.goto(`${app}/admin/transactions/${encodeURIComponent(payment.body.id)}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved." })).toBeVisible();
  expect((await api("GET", `/transactions/${encodeURIComponent(payment.body.id)}`)).body.status).toBe("COMPLETED");
});

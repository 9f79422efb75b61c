// The hosted liveness page: a (regulated) platform starts a LIVENESS ownership
// challenge for a self-custody wallet; the user opens the verificationLink and,
// in the sandbox, completes the simulated biometric check; the account is ACTIVE.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { test, expect, env, shot } from "./support/fixtures";

/** A fresh platform (its own tenant), so making it regulated leaves the shared sandbox platform alone. */
async function regulatedPlatform(request: APIRequestContext) {
  const origin = new URL(env.api()).origin;
  const res = await request.post(`${origin}/api/operator/platforms`, {
    headers: { authorization: `Bearer ${env.operatorToken()}` },
    data: { name: "E2E liveness platform" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { clientId, clientSecret } = (await res.json()) as { clientId: string; clientSecret: string };
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const call = async (method: string, path: string, data?: unknown) => {
    const r = await request.fetch(`${env.api()}${path}`, { method, headers: { authorization }, data });
    const text = await r.text();
    return { status: r.status(), body: (text ? JSON.parse(text) : undefined) as any };
  };
  expect((await call("PATCH", "/config", { isRegulatedFinancialInstitution: true })).status).toBe(200);
  return call;
}

test("a wallet's owner completes the hosted liveness check and the account becomes ACTIVE", async ({
  page,
}, testInfo) => {
  const api = await regulatedPlatform(page.request);
  const customer = await api("POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Lee Liveness",
    currencies: ["USD"],
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const address = `0x${randomBytes(20).toString("hex")}`;
  const account = await api("POST", "/customers/external-accounts", {
    customerId: customer.body.id,
    currency: "USDC",
    ownershipType: "FIRST_PARTY",
    accountInfo: { accountType: "BASE_WALLET", address },
  });
  expect(account.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
  const base = `/customers/external-accounts/${account.body.id}`;
  const challenge = await api("POST", `${base}/challenge`, { method: "LIVENESS" });
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);

  await page.goto(new URL(challenge.body.verificationLink).pathname);
  await expect(page.getByRole("heading", { name: "Liveness check", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sandbox: simulated biometric check" })).toBeVisible();
  await expect(page.getByText(`BASE_WALLET ${address.slice(0, 6)}…${address.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Fail liveness check" })).toBeEnabled();
  await shot(page, testInfo, "liveness-sandbox-page");

  await page.getByRole("button", { name: "Complete liveness check" }).click();
  await expect(page.getByRole("heading", { name: "Liveness check complete" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("the account is now ACTIVE");
  await shot(page, testInfo, "liveness-complete");
  expect((await api("GET", base)).body.status).toBe("ACTIVE");

  await page.reload();
  const gone = page.getByRole("region", { name: "This link can no longer be used" });
  await expect(gone.getByRole("alert")).toContainText("start a new ownership challenge");
  await shot(page, testInfo, "liveness-used-link");
});

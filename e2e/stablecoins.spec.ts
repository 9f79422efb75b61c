// Stablecoin enablement in the admin section: the platform's request, then the
// operator's moves, each offered only where the enablement machine allows it.
import { randomUUID } from "node:crypto";
import { test, expect, signInStaff, shot, env } from "./support/fixtures";

test("an operator requests and drives a stablecoin's enablement", async ({ page, operator }, testInfo) => {
  const headers = { authorization: env.basic(), "idempotency-key": randomUUID() };
  const link = await page.request.post(`${env.api()}/stablecoin-provider-accounts`, {
    headers,
    data: {
      provider: "BRALE",
      apiClientId: `e2e_${randomUUID()}`,
      apiClientSecret: "secret",
      providerAccountId: `acct-${randomUUID()}`,
    },
  });
  expect(link.status(), await link.text()).toBe(201);
  const symbol = `E2E${Date.now().toString(36).toUpperCase()}`;
  const reg = await page.request.post(`${env.api()}/stablecoins`, {
    headers: { authorization: env.basic(), "idempotency-key": randomUUID() },
    data: {
      providerTokenIdentifier: symbol,
      networkTokenIdentifier: `btkn1${symbol.toLowerCase()}`,
      network: "SPARK",
      stablecoinProviderAccountId: (await link.json()).id,
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);

  await signInStaff(page, operator);
  await page.goto("/admin/stablecoins");
  const section = page.getByRole("region", { name: new RegExp(`\\(${symbol}\\)`) });
  await expect(section).toContainText("Enablement: Not enabled");
  await section.getByRole("button", { name: `Request enablement of ${symbol}` }).click();
  await expect(page.getByRole("region", { name: new RegExp(`\\(${symbol}\\)`) })).toContainText(
    "Enablement: Waiting for approval",
  );
  await page.getByRole("button", { name: `Start enabling: ${symbol}` }).click();
  await expect(page.getByRole("region", { name: new RegExp(`\\(${symbol}\\)`) })).toContainText("Enablement: Enabling");
  await page.getByRole("button", { name: `Mark as enabled: ${symbol}` }).click();
  await expect(page.getByRole("region", { name: new RegExp(`\\(${symbol}\\)`) })).toContainText("Enablement: Enabled");
  await expect(page.getByRole("button", { name: `Start enabling: ${symbol}` })).toHaveCount(0);
  await shot(page, testInfo, "stablecoins-enabled");
});

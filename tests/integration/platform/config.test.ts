import { describe, expect, it } from "vitest";
import { newPlatform, server } from "../../support/api";

describe("Platform Configuration", () => {
  it("GET /config returns the platform's configuration with sandbox flags", async () => {
    const api = await newPlatform();
    const res = await api.get("/config");
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^PlatformConfig:[0-9a-f-]{36}$/);
    expect(res.body).not.toHaveProperty("webhookEndpoint");
    expect(res.body).toMatchObject({
      isRegulatedFinancialInstitution: false,
      skipVerificationPaperwork: false,
      cardLimits: { maxLiveCards: null, oneCardPerCardholder: false },
      transactionLimits: [],
      feeConfigs: [],
    });
    expect(res.body.supportedCurrencies.map((c: { currencyCode: string }) => c.currencyCode)).toContain("USD");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("PATCH /config updates fields and sandbox flags, merging fee configs by key", async () => {
    const api = await newPlatform();
    const res = await api.patch("/config", {
      webhookEndpoint: "https://example.test/hooks",
      isRegulatedFinancialInstitution: true,
      skipVerificationPaperwork: true,
      cardLimits: { maxLiveCards: 5, oneCardPerCardholder: true },
      transactionLimits: [
        { sendingCurrency: "USD", receivingCurrency: "MXN", maxAmount: 100000 },
        { receivingCurrency: "EUR", maxAmount: 5000 },
      ],
      feeConfigs: [
        {
          feeType: "CROSS_CURRENCY_TRANSACTION",
          sourceCurrency: "USD",
          variableFeeBps: 50,
          fixedFee: { amount: 25, currency: "USD" },
        },
      ],
      embeddedWalletConfig: { appName: "Acme", otpLength: 6 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      webhookEndpoint: "https://example.test/hooks",
      isRegulatedFinancialInstitution: true,
      skipVerificationPaperwork: true,
      cardLimits: { maxLiveCards: 5, oneCardPerCardholder: true },
      embeddedWalletConfig: { appName: "Acme", otpLength: 6 },
    });
    expect(res.body.transactionLimits).toHaveLength(2);
    expect(res.body.feeConfigs).toHaveLength(1);

    // zero fees deactivate a fee config; omitted fields stay unchanged
    const second = await api.patch("/config", {
      feeConfigs: [
        {
          feeType: "CROSS_CURRENCY_TRANSACTION",
          sourceCurrency: "USD",
          variableFeeBps: 0,
          fixedFee: { amount: 0, currency: "USD" },
        },
      ],
      embeddedWalletConfig: { otpLength: 8 },
    });
    expect(second.status).toBe(200);
    expect(second.body.feeConfigs).toEqual([]);
    expect(second.body.embeddedWalletConfig).toEqual({ appName: "Acme", otpLength: 8 });
    expect(second.body.webhookEndpoint).toBe("https://example.test/hooks");
    const persisted = await api.get("/config");
    expect(persisted.body.cardLimits.maxLiveCards).toBe(5);
  });

  it("PATCH /config rejects bad input listing every invalid field, and writes nothing", async () => {
    const api = await newPlatform();
    const res = await api.patch("/config", {
      webhookEndpoint: "ftp://example.test",
      supportedCurrencies: [{ currencyCode: "usd", minAmount: -1 }],
      cardLimits: { maxLiveCards: "many" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    const fields = res.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(
      [
        "cardLimits.maxLiveCards",
        "supportedCurrencies.0.currencyCode",
        "supportedCurrencies.0.maxAmount",
        "supportedCurrencies.0.minAmount",
        "webhookEndpoint",
      ].sort(),
    );
    const byField = Object.fromEntries(
      res.body.details.errors.map((e: { field: string; constraint: string }) => [e.field, e.constraint]),
    );
    expect(byField["supportedCurrencies.0.maxAmount"]).toBe("REQUIRED");
    expect(byField["supportedCurrencies.0.minAmount"]).toBe("MINIMUM");
    expect(byField["cardLimits.maxLiveCards"]).toBe("TYPE");
    expect((await api.get("/config")).body).not.toHaveProperty("webhookEndpoint");
  });

  it("PATCH /config keeps cardTokenization2faConfig, leaving fields the update omits unchanged", async () => {
    const api = await newPlatform();
    expect((await api.get("/config")).body).not.toHaveProperty("cardTokenization2faConfig");
    const first = await api.patch("/config", {
      cardTokenization2faConfig: {
        displayName: "Acme",
        email: { fromAddress: "cards@acme.com", subject: "Your Acme card code" },
        sms: { bodyText: "Your Acme card code:" },
      },
    });
    expect(first.status, first.text).toBe(200);
    const second = await api.patch("/config", {
      cardTokenization2faConfig: { logoUrl: "https://acme.com/logo.png", email: { fromName: "Acme Cards" } },
    });
    expect(second.status, second.text).toBe(200);
    const expected = {
      displayName: "Acme",
      logoUrl: "https://acme.com/logo.png",
      email: { fromAddress: "cards@acme.com", fromName: "Acme Cards", subject: "Your Acme card code" },
      sms: { bodyText: "Your Acme card code:" },
    };
    expect(second.body.cardTokenization2faConfig).toEqual(expected);
    expect((await api.get("/config")).body.cardTokenization2faConfig).toEqual(expected);
    const http = await api.patch("/config", { cardTokenization2faConfig: { logoUrl: "http://acme.com/logo.png" } });
    expect(http.status).toBe(400);
    expect(http.body.details.errors[0].field).toBe("cardTokenization2faConfig.logoUrl");
  });

  it("a platform sees only its own configuration", async () => {
    const a = await newPlatform("A");
    const b = await newPlatform("B");
    await a.patch("/config", { webhookEndpoint: "https://a.example.test/hooks" });
    const bConfig = await b.get("/config");
    expect(bConfig.body).not.toHaveProperty("webhookEndpoint");
    expect(bConfig.body.id).not.toBe((await a.get("/config")).body.id);
  });

  it("the sandbox platform from MERIDIAN_CLIENT_ID/SECRET authenticates", async () => {
    const s = server();
    const res = await fetch(`${s.baseUrl}/config`, {
      headers: { authorization: `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString("base64")}` },
    });
    expect(res.status).toBe(200);
  });
});

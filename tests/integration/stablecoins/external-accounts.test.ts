import { beforeAll, describe, expect, it } from "vitest";
import { newPlatform, waitFor, type ApiClient } from "../../support/api";
import { usdAccountInfo } from "../../support/money";
import { idem, link, register } from "./helpers";

async function spark(api: ApiClient, suffix: string) {
  const res = await api.post("/platform/external-accounts", {
    currency: "USDC",
    accountInfo: { accountType: "SPARK_WALLET", address: `sp1qsandboxwallet${Date.now()}${suffix}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}
async function bank(api: ApiClient, suffix: string) {
  const res = await api.post("/platform/external-accounts", {
    currency: "USD",
    accountInfo: usdAccountInfo(`77${Date.now() % 1_000_000}${suffix}`),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe("Stablecoin operations with external accounts", () => {
  let api: ApiClient;
  let sc: { id: string; symbol: string };
  beforeAll(async () => {
    api = await newPlatform();
    await link(api);
    sc = (await register(api)).body;
  });

  const mint = (destination: string, fundingSource: object = { type: "WIRE" }, amount = "1000000") =>
    api.post(`/stablecoins/${sc.id}/mints`, { amount, fundingSource, destination: { accountId: destination } }, idem());
  const burn = (externalAccountId: string, amount = "1000000", rail = "ACH_CREDIT") =>
    api.post(
      `/stablecoins/${sc.id}/burns`,
      {
        amount,
        source: { type: "EXTERNAL_ACCOUNT" },
        destination: { type: "EXTERNAL_ACCOUNT", externalAccountId, rail },
      },
      idem(),
    );

  it("mints to a Spark wallet without Meridian enablement, funded by wire or ACH debit", async () => {
    const wallet = await spark(api, "900");
    const wire = await mint(wallet);
    expect(wire.status, wire.text).toBe(201);
    expect(wire.body).toMatchObject({
      status: "PENDING_FUNDING",
      destination: { accountId: wallet },
      source: { type: "WIRE" },
    });
    await waitFor(async () => (await api.get(`/stablecoin-operations/${wire.body.id}`)).body.status === "COMPLETED", {
      what: "wire mint",
    });
    const achAccount = await bank(api, "900");
    const ach = await mint(wallet, { type: "ACH_DEBIT", externalAccountId: achAccount });
    expect(ach.body).toMatchObject({
      status: "PENDING_PROVIDER",
      source: { type: "ACH_DEBIT", externalAccountId: achAccount },
    });
    await waitFor(async () => (await api.get(`/stablecoin-operations/${ach.body.id}`)).body.status === "COMPLETED", {
      what: "ach mint",
    });
  });

  it("burns to a bank account: deposit instructions, estimated delivery, completion", async () => {
    const dest = await bank(api, "901");
    const res = await burn(dest, "25000000", "WIRE");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      operationType: "BURN",
      status: "PENDING_FUNDING",
      fundingInstructions: { rail: "SPARK", network: "SPARK", valueType: sc.symbol },
      estimatedDelivery: { rail: "WIRE", amount: "2500", currency: "USD" },
      destination: { accountId: dest, rail: "WIRE" },
    });
    await waitFor(async () => (await api.get(`/stablecoin-operations/${res.body.id}`)).body.status === "COMPLETED", {
      what: "burn",
    });
    const burns = await api.get(`/stablecoins/${sc.id}/operations?operationType=BURN`);
    expect(burns.body.data.map((o: { id: string }) => o.id)).toContain(res.body.id);
  });

  it("refuses account types that cannot play the role (STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED)", async () => {
    const wallet = await spark(api, "910");
    const account = await bank(api, "910");
    const toBank = await mint(account);
    expect(toBank.status).toBe(400);
    expect(toBank.body.code).toBe("STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED");
    const achFromWallet = await mint(wallet, { type: "SAME_DAY_ACH_DEBIT", externalAccountId: wallet });
    expect(achFromWallet.body.code).toBe("STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED");
    const burnToWallet = await burn(wallet);
    expect(burnToWallet.body.code).toBe("STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED");
    expect((await mint("ExternalAccount:01900000-0000-7000-8000-000000000000")).status).toBe(404);
  });

  it("maps each provider linking failure to its code (identifier suffixes 201-205)", async () => {
    const cases: [string, string][] = [
      ["201", "STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED"],
      ["202", "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED"],
      ["203", "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED"],
      ["205", "STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED"],
    ];
    for (const [suffix, code] of cases) {
      const wallet = await spark(api, suffix);
      const res = await mint(wallet);
      expect(res.status, suffix).toBe(400);
      expect(res.body.code, suffix).toBe(code);
      const dest = await bank(api, suffix);
      expect((await burn(dest)).body.code, suffix).toBe(code);
    }
    const wallet = await spark(api, "920");
    const noMethod = await mint(wallet, { type: "ACH_DEBIT", externalAccountId: await bank(api, "204") });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.code).toBe("STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED");
  });
});

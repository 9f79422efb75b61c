// Seeds and reset through meridian/testing (the harness platform developers use), against the suite's server:
// one isolated platform for this file, seeded from the example scenario of the guide.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createTestPlatform, startMeridian, type Meridian, type TestPlatform } from "meridian/testing";
import { server } from "../../support/api";

const scenario = parse(readFileSync("docs/examples/sandbox-scenario.yaml", "utf8"));
let meridian: Meridian;
let platform: TestPlatform;

beforeAll(async () => {
  meridian = await startMeridian({ url: server().origin, operatorToken: server().operatorToken });
  platform = await createTestPlatform(meridian, { name: "Scenario test", scenario });
});
afterAll(async () => {
  await platform?.drop();
  await meridian?.stop();
});

async function state(p: TestPlatform) {
  const customers = (await p.call("GET", "/customers?limit=100")).data as any[];
  const accounts = (await p.call("GET", "/customers/internal-accounts?limit=100")).data as any[];
  const external = (await p.call("GET", "/customers/external-accounts?limit=100")).data as any[];
  const cards = (await p.call("GET", "/cards?limit=100")).data as any[];
  const config = await p.call("GET", "/config");
  return {
    customers: customers
      .map((c) => ({ platformCustomerId: c.platformCustomerId, fullName: c.fullName, kycStatus: c.kycStatus }))
      .sort((a, b) => a.platformCustomerId.localeCompare(b.platformCustomerId)),
    balances: accounts
      .filter((a) => a.balance.amount > 0)
      .map((a) => `${a.balance.currency.code}:${a.balance.amount}`)
      .sort(),
    external: external.map((e) => `${e.currency}:${e.accountInfo.accountType}`).sort(),
    cards: cards.length,
    skipVerificationPaperwork: config.skipVerificationPaperwork,
  };
}

describe("POST /sandbox/scenario", () => {
  it("creates the customers, verification states, balances, external accounts, cards and flags", async () => {
    const s = await state(platform);
    expect(s.customers).toEqual([
      { platformCustomerId: "ada", fullName: "Ada Lovelace", kycStatus: "APPROVED" },
      { platformCustomerId: "grace", fullName: "Grace Hopper 001", kycStatus: "PENDING" },
    ]);
    expect(s.balances).toEqual(["EUR:1000", "USD:250000"]);
    expect(s.external).toEqual(["USD:USD_ACCOUNT"]);
    expect(s.cards).toBe(1);
    expect(s.skipVerificationPaperwork).toBe(true);
  });

  it("gives the same state when applied twice, and reset puts it back after changes", async () => {
    const before = await state(platform);
    await platform.seed(scenario);
    expect(await state(platform)).toEqual(before);
    await platform.call("POST", "/customers", { customerType: "INDIVIDUAL", fullName: "Extra Person" });
    expect((await state(platform)).customers).toHaveLength(3);
    const reset = await platform.reset();
    expect(reset.to).toBe("scenario");
    expect(await state(platform)).toEqual(before);
  });

  it("empties the platform on reset to empty, keeping its credentials", async () => {
    const other = await createTestPlatform(meridian, { scenario });
    try {
      expect((await other.reset("empty")).to).toBe("empty");
      const s = await state(other);
      expect(s.customers).toEqual([]);
      expect(s.balances).toEqual([]);
      expect(s.cards).toBe(0);
    } finally {
      await other.drop();
    }
    // the dropped platform's credential no longer authenticates
    expect((await other.request("GET", "/customers")).status).toBe(401);
  });

  it("refuses an invalid scenario with errors naming each path, and leaves the data alone", async () => {
    const res = await platform.request("POST", "/sandbox/scenario", {
      customers: [{ customer: { customerType: "INDIVIDUAL", fullName: "X" }, balances: { EUR: 10 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_INPUT");
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).toContain("customers.0.balances.EUR");
    expect((await state(platform)).customers).toHaveLength(2);
  });

  it("names the scenario path of a step the API refuses, and leaves the platform empty", async () => {
    const other = await createTestPlatform(meridian);
    try {
      const res = await other.request("POST", "/sandbox/scenario", {
        customers: [
          {
            customer: { customerType: "INDIVIDUAL", fullName: "Ada" },
            externalAccounts: [
              {
                currency: "USD",
                accountInfo: { ...scenario.customers[0].externalAccounts[0].accountInfo, accountNumber: "5550000105" },
              },
            ],
          },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.details.scenarioPath).toBe("customers[0].externalAccounts[0]");
      expect(res.headers.get("meridian-sandbox-rule")).toBe("external-account.name-verification.105");
      expect((await state(other)).customers).toEqual([]);
    } finally {
      await other.drop();
    }
  });
});

describe("GET /sandbox/rules and the Meridian-Sandbox-Rule header", () => {
  it("lists every table's rules", async () => {
    const rules = await platform.rules();
    const ids = rules.map((r) => r.id);
    for (const id of [
      "kyc.individual.002",
      "kyb.business.002",
      "external-account.name-verification.105",
      "external-account.pull-payout.005",
      "quote.destination.003",
      "uma.receiver.fail.compliance.usd",
      "card.descriptor.002",
      "card.issuance.001",
      "otp.sca",
      "otp.wallet",
      "time.longPaymentMs",
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rules.find((r) => r.id === "otp.sca")?.match).toBe("equals 123456");
  });

  it("names the rule that steered an answer, and none when no rule applied", async () => {
    const steered = await platform.request("POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Rick Reject 002",
    });
    expect(steered.status).toBe(201);
    expect(steered.body.kycStatus).toBe("REJECTED");
    expect(steered.headers.get("meridian-sandbox-rule")).toBe("kyc.individual.002");
    const plain = await platform.request("POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Plain Person",
    });
    expect(plain.status).toBe(201);
    expect(plain.headers.get("meridian-sandbox-rule")).toBeNull();
    await platform.reset();
  });

  it("shows the catalogue in the API reference", async () => {
    const doc = await (await fetch(`${server().baseUrl}/openapi.json`)).json();
    const op = doc.paths["/sandbox/rules"].get;
    expect(op.description).toContain("| `card.descriptor.002` |");
    expect(doc.paths["/sandbox/scenario"].post.requestBody.content["application/json"].schema).toBeTruthy();
  });
});

describe("time and webhooks through the harness", () => {
  it("advances sandbox time and collects signed webhooks", async () => {
    const hooks = await platform.collectWebhooks();
    try {
      const ada = (await platform.call("GET", "/customers?platformCustomerId=ada")).data[0];
      const account = (await platform.call("GET", `/customers/internal-accounts?customerId=${ada.id}&currency=USD`))
        .data[0];
      await platform.call("POST", `/sandbox/internal-accounts/${account.id}/fund`, { amount: 500 });
      // This account's event: the scenario's own seeding may still be delivering balance events of other accounts.
      const event = await hooks.waitFor(
        (e) => e.type === "INTERNAL_ACCOUNT.BALANCE_UPDATED" && e.data?.id === account.id,
      );
      expect(event.data.id).toBe(account.id);
      expect(hooks.rejected).toBe(0);
      expect(hooks.verify(event.rawBody, "AAAA")).toBe(false);
      const advanced = await platform.advanceTime(60);
      expect(advanced.advancedSeconds).toBe(60);
    } finally {
      await hooks.close();
      await platform.call("PATCH", "/config", { webhookEndpoint: null }).catch(() => {});
    }
  });
});
// The refusals outside the sandbox: production-refusals.test.ts.

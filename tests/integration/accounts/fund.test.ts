import { describe, expect, it } from "vitest";
import { database, newPlatform } from "../../support/api";

describe("Sandbox funding through the ledger", () => {
  it("a new customer has its currency account and an embedded wallet; funding posts a balanced entry", async () => {
    const api = await newPlatform();
    const customer = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Ada Lovelace",
      currencies: ["USD", "EUR"],
    });
    expect(customer.status).toBe(201);
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}`);
    expect(accounts.status).toBe(200);
    const types = accounts.body.data
      .map((a: { type: string; balance: { currency: { code: string } } }) => `${a.type}/${a.balance.currency.code}`)
      .sort();
    expect(types).toEqual(["EMBEDDED_WALLET/USDB", "INTERNAL_FIAT/EUR", "INTERNAL_FIAT/USD"]);

    const usd = accounts.body.data.find(
      (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
    );
    const funded = await api.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 12345 });
    expect(funded.status).toBe(200);
    expect(funded.body.balance).toMatchObject({ amount: 12345, currency: { code: "USD", decimals: 2 } });
    expect(funded.body.totalBalance.amount).toBe(12345);

    const uuid = usd.id.split(":")[1];
    const { rows } = await database().query(
      `SELECT e.amount::text, e.internal_account_id, e.system_account FROM ` +
        `ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id WHERE ` +
        `p.reference = $1`,
      [usd.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.reduce((s, r) => s + BigInt(r.amount), 0n)).toBe(0n);
    expect(rows.find((r) => r.internal_account_id === uuid)?.amount).toBe("12345");
  });

  it("rejects non-integer and non-positive amounts, and other platforms' accounts", async () => {
    const api = await newPlatform();
    const other = await newPlatform();
    const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Grace Hopper" });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    const id = accounts.body.data[0].id;
    const bad = await api.post(`/sandbox/internal-accounts/${id}/fund`, { amount: 10.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ field: "amount", constraint: "TYPE" });
    expect((await api.post(`/sandbox/internal-accounts/${id}/fund`, { amount: 0 })).status).toBe(400);
    const foreign = await other.post(`/sandbox/internal-accounts/${id}/fund`, { amount: 100 });
    expect(foreign.status).toBe(404);
  });

  it("the database refuses a posting that would make a balance negative", async () => {
    const api = await newPlatform();
    const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Alan Turing" });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    const uuid = accounts.body.data[0].id.split(":")[1];
    await expect(
      database().query(`SELECT ledger_post($1::uuid, gen_random_uuid(), 'TEST', NULL, $2::jsonb)`, [
        api.platformId,
        JSON.stringify([
          { account: uuid, bucket: "available", currency: "USD", amount: -1 },
          { system: "SINK", bucket: "available", currency: "USD", amount: 1 },
        ]),
      ]),
    ).rejects.toMatchObject({ code: "23514" });
    await expect(
      database().query(`SELECT ledger_post($1::uuid, gen_random_uuid(), 'TEST', NULL, $2::jsonb)`, [
        api.platformId,
        JSON.stringify([
          { account: uuid, bucket: "available", currency: "USD", amount: 5 },
          { system: "SRC", bucket: "available", currency: "USD", amount: -4 },
        ]),
      ]),
    ).rejects.toMatchObject({ code: "ML002" });
  });
});

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

  it("concurrent fundings of one account all land, each balance webhook reporting the balance its own posting left", async () => {
    const api = await newPlatform();
    const customer = await api.post("/customers", { customerType: "INDIVIDUAL", fullName: "Edsger Dijkstra" });
    const accounts = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    const id = accounts.body.data[0].id;
    const amounts = Array.from({ length: 20 }, (_, i) => i + 1);
    const answers = await Promise.all(
      amounts.map((amount) => api.post(`/sandbox/internal-accounts/${id}/fund`, { amount })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const total = amounts.reduce((a, b) => a + b, 0);
    // Each answer shows the account after its own posting (later ones may have landed too).
    for (const [i, answer] of answers.entries()) expect(answer.body.balance.amount).toBeGreaterThanOrEqual(amounts[i]);
    const after = await api.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`);
    expect(after.body.data[0].balance.amount).toBe(total);
    const { rows } = await database().query<{ balance: string }>(
      `SELECT payload->'data'->'balance'->>'amount' AS balance FROM webhook_events
        WHERE platform_id = $1 AND type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED' AND payload->'data'->>'id' = $2`,
      [api.platformId, id],
    );
    // The balances after each posting, in the order they applied: each step is one funding's amount, each once.
    const balances = rows.map((r) => Number(r.balance)).sort((a, b) => a - b);
    expect(balances).toHaveLength(amounts.length);
    const steps = balances.map((b, i) => b - (i === 0 ? 0 : balances[i - 1]));
    expect(steps.sort((a, b) => a - b)).toEqual(amounts);
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

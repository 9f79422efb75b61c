// A customer pays another customer of the same platform at their UMA address: the sender's OUTGOING
// transaction and the receiver's INCOMING one (counterparty = the sender, by UMA address and name) commit
// with the ledger posting that credits the receiver, with the receiver's INCOMING_PAYMENT.COMPLETED
// webhook. A retried execute moves the money and writes the receiver's transaction once; another
// platform sees none of it.
import { beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, type ApiClient } from "../../support/api";
import type { WebhookReceiver } from "../../support/webhook-receiver";
import { balanceOf, internalAccount, newCustomer, umaLookup } from "../../support/money";
import { fundedStage } from "../../support/money-stage";

interface Tx {
  id: string;
  type: string;
  direction: string;
  status: string;
  customerId: string;
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  receivedAmount: { amount: number; currency: { code: string } };
  sentAmount: { amount: number; currency: { code: string } };
  counterpartyInformation?: Record<string, string>;
  description?: string;
  quoteId?: string;
  settledAt?: string;
}

describe("a payment to another customer's UMA address", () => {
  let api: ApiClient;
  let hooks: WebhookReceiver;
  let alice: { id: string; umaAddress: string };
  let aliceUsd: string;
  let bob: { id: string; umaAddress: string };
  let bobUsd: string;

  beforeAll(async () => {
    ({
      api,
      hooks,
      customer: alice,
      usd: aliceUsd,
    } = await fundedStage({ customerName: "Alice Ledger", currencies: ["USD"], amount: 100_000 }));
    bob = await newCustomer(api, ["USD"], "Bob Builder");
    bobUsd = await internalAccount(api, bob.id);
  });

  const incomingOf = async (customerId: string) =>
    (await api.get(`/transactions?customerId=${encodeURIComponent(customerId)}&type=INCOMING&limit=100`)).body
      .data as Tx[];

  it("credits the receiver with an INCOMING transaction naming the sender, in the posting's database transaction", async () => {
    const before = (await balanceOf(api, bob.id)).available;
    const quote = await api.post("/quotes", {
      lookupId: await umaLookup(api, bob.umaAddress),
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_250,
      description: "Dinner on Friday",
    });
    expect(quote.status, quote.text).toBe(201);
    const execute = () =>
      api.post(`/quotes/${quote.body.id}/execute`, undefined, { headers: { "Idempotency-Key": `dinner-${bob.id}` } });
    const first = await execute();
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe("COMPLETED");

    // The receiver's balance and their own transaction.
    expect((await balanceOf(api, bob.id)).available).toBe(before + 1_250);
    const incoming = await incomingOf(bob.id);
    expect(incoming).toHaveLength(1);
    const tx = incoming[0];
    expect(tx).toMatchObject({
      type: "INCOMING",
      direction: "CREDIT",
      status: "COMPLETED",
      customerId: bob.id,
      source: { sourceType: "UMA_ADDRESS", umaAddress: alice.umaAddress, currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: bobUsd, currency: "USD" },
      receivedAmount: { amount: 1_250, currency: { code: "USD" } },
      sentAmount: { amount: 1_250, currency: { code: "USD" } },
      counterpartyInformation: { FULL_NAME: "Alice Ledger" },
      description: "Dinner on Friday",
    });
    expect(tx.settledAt).toEqual(expect.any(String));
    // The quote is the sender's: its reference finds the sender's transaction only.
    expect(tx.quoteId).toBeUndefined();
    const one = await api.get(`/transactions/${encodeURIComponent(tx.id)}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(tx);

    // The sender's side is unchanged: one OUTGOING transaction, the receiver's row is not in the sender's list.
    const sent = (await api.get(`/transactions?customerId=${encodeURIComponent(alice.id)}&limit=100`)).body
      .data as Tx[];
    expect(sent.map((t) => t.type)).toEqual(["OUTGOING"]);
    expect(sent[0]).toMatchObject({ id: first.body.transactionId, destination: { umaAddress: bob.umaAddress } });
    const byQuote = (await api.get(`/transactions?reference=${encodeURIComponent(quote.body.id)}`)).body.data as Tx[];
    expect(byQuote.map((t) => t.id)).toEqual([first.body.transactionId]);

    // One webhook for the receiver: the money is already theirs, so nothing is PENDING (no approval to ask for).
    const hook = await hooks.waitForType("INCOMING_PAYMENT.COMPLETED", { where: (w) => w.body.data.id === tx.id });
    expect(hook.body.data).toMatchObject({
      customerId: bob.id,
      status: "COMPLETED",
      counterpartyInformation: { FULL_NAME: "Alice Ledger" },
      source: { umaAddress: alice.umaAddress },
    });
    await hooks.waitForType("INTERNAL_ACCOUNT.BALANCE_UPDATED", {
      where: (w) => w.body.data.id === bobUsd && w.body.data.balance.amount === before + 1_250,
    });
    const stored = await database().query(
      `SELECT type FROM webhook_events WHERE platform_id = $1 AND payload->'data'->>'id' = $2`,
      [api.platformId, tx.id],
    );
    expect(stored.rows.map((r) => r.type)).toEqual(["INCOMING_PAYMENT.COMPLETED"]);

    // Same database transaction: the receiver's row and the posting that credits them share their xmin.
    const ids = tx.id.replace(/^Transaction:/, "");
    const written = await database().query(
      `SELECT (SELECT xmin::text FROM transactions WHERE id = $1) AS incoming,
              (SELECT xmin::text FROM ledger_postings WHERE platform_id = $2 AND reference = $3) AS posting,
              (SELECT count(*)::int FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id
                WHERE p.reference = $3 AND e.internal_account_id = $4 AND e.amount = 1250) AS credits`,
      [ids, api.platformId, first.body.transactionId, bobUsd.replace(/^InternalAccount:/, "")],
    );
    expect(written.rows[0].incoming).toEqual(expect.any(String));
    expect(written.rows[0].incoming).toBe(written.rows[0].posting);
    expect(written.rows[0].credits).toBe(1);

    // A retry with the same key replays the answer; without it the quote is spent. Neither moves money again.
    const replay = await execute();
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.transactionId).toBe(first.body.transactionId);
    const again = await api.post(`/quotes/${quote.body.id}/execute`);
    expect(again.status).toBe(409);
    expect((await balanceOf(api, bob.id)).available).toBe(before + 1_250);
    expect(await incomingOf(bob.id)).toHaveLength(1);
    expect(hooks.ofType("INCOMING_PAYMENT.COMPLETED").filter((w) => w.body.data.customerId === bob.id)).toHaveLength(1);
  });

  it("immediatelyExecute does the same; a payment that does not settle gives the receiver nothing", async () => {
    const before = (await balanceOf(api, bob.id)).available;
    const count = (await incomingOf(bob.id)).length;
    const body = {
      source: { sourceType: "ACCOUNT", accountId: aliceUsd },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress },
      lockedCurrencySide: "SENDING",
      immediatelyExecute: true,
    };
    const paid = await api.post("/quotes", {
      ...body,
      lookupId: await umaLookup(api, bob.umaAddress),
      lockedCurrencyAmount: 300,
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.status).toBe("COMPLETED");
    const incoming = await incomingOf(bob.id);
    expect(incoming).toHaveLength(count + 1);
    expect(incoming[0]).toMatchObject({
      receivedAmount: { amount: 300 },
      counterpartyInformation: { FULL_NAME: "Alice Ledger" },
    });
    expect(incoming[0].description).toBeUndefined();

    // More than Alice holds: refused, nothing for Bob.
    const refused = await api.post("/quotes", {
      ...body,
      lookupId: await umaLookup(api, bob.umaAddress),
      lockedCurrencyAmount: 10_000_000,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await incomingOf(bob.id)).toHaveLength(count + 1);
    expect((await balanceOf(api, bob.id)).available).toBe(before + 300);
  });

  it("a real-time funded payment gives the receiver nothing while it waits, their row when its payment arrives", async () => {
    const count = (await incomingOf(bob.id)).length;
    const quote = await api.post("/quotes", {
      lookupId: await umaLookup(api, bob.umaAddress),
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: alice.id },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 777,
      description: "Paid in from Alice's bank",
    });
    expect(quote.status, quote.text).toBe(201);
    expect(await incomingOf(bob.id)).toHaveLength(count);
    const sent = await api.post("/sandbox/send", {
      quoteId: quote.body.id,
      currencyCode: "USD",
      currencyAmount: quote.body.totalSendingAmount,
    });
    expect(sent.body.status).toBe("COMPLETED");
    const [paid] = await incomingOf(bob.id);
    expect(paid).toMatchObject({
      description: "Paid in from Alice's bank",
      source: { sourceType: "UMA_ADDRESS", umaAddress: alice.umaAddress },
      counterpartyInformation: { FULL_NAME: "Alice Ledger" },
      receivedAmount: { amount: 777 },
    });
    expect(await incomingOf(bob.id)).toHaveLength(count + 1);
  });

  it("a burst of payments shares group commits (money_apply_batch) and each writes its receiver's row with its posting", async () => {
    const before = (await balanceOf(api, bob.id)).available;
    const count = (await incomingOf(bob.id)).length;
    const lookupId = await umaLookup(api, bob.umaAddress);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.post("/quotes", {
          lookupId,
          source: { sourceType: "ACCOUNT", accountId: aliceUsd },
          destination: { destinationType: "UMA_ADDRESS", umaAddress: bob.umaAddress },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 10,
          immediatelyExecute: true,
          description: `Burst ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(new Array(30).fill(201));
    expect((await balanceOf(api, bob.id)).available).toBe(before + 300);
    const incoming = (await incomingOf(bob.id)).filter((t) => t.description?.startsWith("Burst "));
    expect(incoming).toHaveLength(30);
    expect((await incomingOf(bob.id)).length).toBe(count + 30);
    // Each receiver's row is in its sender's posting's transaction; the burst took fewer commits than payments.
    const { rows } = await database().query(
      `SELECT t.xmin::text AS incoming, p.xmin::text AS posting
         FROM transactions t
         JOIN transactions s ON s.platform_id = t.platform_id AND s.type = 'OUTGOING' AND s.description = t.description
         JOIN ledger_postings p ON p.platform_id = s.platform_id AND p.reference = 'Transaction:' || s.id
        WHERE t.platform_id = $1 AND t.type = 'INCOMING' AND t.description LIKE 'Burst %'`,
      [api.platformId],
    );
    expect(rows).toHaveLength(30);
    for (const r of rows) expect(r.incoming).toBe(r.posting);
    expect(new Set(rows.map((r) => r.posting)).size).toBeLessThan(30);
  });

  it("another platform sees neither the receiver's transaction nor its webhook", async () => {
    const [tx] = await incomingOf(bob.id);
    const other = await newPlatform("Elsewhere");
    expect((await other.get(`/transactions/${encodeURIComponent(tx.id)}`)).status).toBe(404);
    const listed = await other.get(`/transactions?limit=100`);
    expect(listed.status).toBe(200);
    expect((listed.body.data as Tx[]).map((t) => t.id)).not.toContain(tx.id);
    const byCustomer = await other.get(`/transactions?customerId=${encodeURIComponent(bob.id)}`);
    expect(byCustomer.status === 200 ? byCustomer.body.data : []).toEqual([]);
    const events = await database().query(
      `SELECT count(*)::int AS n FROM webhook_events WHERE platform_id = $1 AND payload->'data'->>'id' = $2`,
      [other.platformId, tx.id],
    );
    expect(events.rows[0].n).toBe(0);
    const owned = await database().query(`SELECT platform_id::text AS p FROM transactions WHERE id = $1`, [
      tx.id.replace(/^Transaction:/, ""),
    ]);
    expect(owned.rows[0].p).toBe(api.platformId);
  });
});

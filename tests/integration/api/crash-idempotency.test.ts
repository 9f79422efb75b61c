// Crash points of an Idempotency-Key request (docs/adr-006-crash-safe-idempotency.md).
// Each test starts its own server with a failpoint (lib/kernel/failpoints.ts)
// that SIGKILLs or SIGSTOPs the server process at one exact point, then retries
// the same key on a restarted server or a second server on the same database,
// and checks the answer, that money moved exactly once and that the ledger balances.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { ApiClient, newPlatform, server, waitFor, type ApiResponse } from "../../support/api";
import { fund, internalAccount, newCustomer, usdAccountInfo } from "../../support/money";
import { POLICY, installedAgent } from "../agents/helpers";
import { activeCard, approvePlatform, approvedCardholder, balanceOf } from "../cards/helpers";
import { createExternalDatabase, freePort, servePid, startTestServer, type TestServer } from "../../support/server";
import { WebhookReceiver } from "../../support/webhook-receiver";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
});

/** A database for this test and a way to start servers on it (the embedded one restarts on its data folder). */
async function crashableDeployment(leaseSeconds = 1) {
  // A job the killed instance had leased (the payment's timed outcome) comes back after the job lease.
  const LEASE = { MERIDIAN_IDEMPOTENCY_LEASE_SECONDS: String(leaseSeconds), MERIDIAN_JOB_LEASE_SECONDS: "5" };
  const mode = server().mode;
  const external = mode === "external" ? await createExternalDatabase() : null;
  if (external) cleanups.push(() => external.drop());
  const pgPort = await freePort();
  let dataDir: string | undefined;
  let databaseUrl = external?.url;
  const start = async (failpoints?: string): Promise<TestServer> => {
    const env = { ...LEASE, ...(failpoints ? { MERIDIAN_FAILPOINTS: failpoints } : {}) };
    const s = await startTestServer(
      mode,
      env,
      external ? { databaseUrl } : { pgPort, ...(dataDir ? { dataDir } : {}) },
    );
    dataDir = s.dataDir;
    databaseUrl = s.databaseUrl;
    cleanups.push(() => s.stop({ keepData: true }));
    return s;
  };
  /** A second server on the same, running database (never the embedded one's owner). */
  const startSecond = async (): Promise<TestServer> => {
    const s = await startTestServer("external", LEASE, { databaseUrl });
    cleanups.push(() => s.stop({ keepData: true }));
    return s;
  };
  cleanups.push(async () => {
    if (dataDir && !external) rmSync(dataDir, { recursive: true, force: true });
  });
  /** After a crash: the old launcher has exited (the embedded database stopped with it), start again. */
  const restart = async (crashed: TestServer): Promise<TestServer> => {
    await crashed.stop({ keepData: true });
    return start();
  };
  return { start, restart, startSecond, databaseUrl: () => databaseUrl! };
}

function on(target: TestServer, api: ApiClient): ApiClient {
  return new ApiClient(target.baseUrl, api.clientId, api.clientSecret, api.platformId);
}

async function fundedAccount(api: ApiClient, name: string, amount: number): Promise<string> {
  const c = await newCustomer(api, ["USD"], name);
  const acct = await internalAccount(api, c.id);
  if (amount > 0) await fund(api, acct, amount);
  return acct;
}

function transfer(api: ApiClient, from: string, to: string, amount: number, key: string) {
  return api.post(
    "/quotes",
    {
      source: { sourceType: "ACCOUNT", accountId: from },
      destination: { destinationType: "ACCOUNT", accountId: to },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
    },
    { headers: { "idempotency-key": key } },
  );
}

/** The request as sent to a server that dies during it: the connection drops, there is no answer. */
async function lost(request: Promise<ApiResponse>): Promise<void> {
  await expect(request).rejects.toThrow();
}

/** Retries with the same key until the answer is final (not 409 IN_PROGRESS), as a client would. */
async function untilFinal(send: () => Promise<ApiResponse>, timeoutMs = 60_000): Promise<ApiResponse> {
  return waitFor(
    async () => {
      const res = await send();
      return res.status === 409 && res.body?.details?.state === "IN_PROGRESS" ? undefined : res;
    },
    { timeoutMs, what: "a final answer for the key" },
  );
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Every posting sums to zero per currency and every account equals the sum of its entries. */
async function expectLedgerExact(url: string, platformId: string) {
  const unbalanced = await query(
    url,
    `SELECT posting_id FROM ledger_entries WHERE platform_id = $1 GROUP BY ` +
      `posting_id, currency HAVING sum(amount) <> 0`,
    [platformId],
  );
  expect(unbalanced).toEqual([]);
  const drift = await query(
    url,
    `SELECT a.id FROM internal_accounts a
     LEFT JOIN (SELECT internal_account_id, sum(amount) FILTER (WHERE bucket = 'available') AS av, ` +
      `sum(amount) FILTER (WHERE bucket = 'pending') AS pe
                  FROM ledger_entries WHERE platform_id = $1 GROUP BY internal_account_id) e ON ` +
      `e.internal_account_id = a.id
     WHERE a.platform_id = $1 AND (a.available <> COALESCE(e.av, 0) OR a.pending <> COALESCE(e.pe, 0) OR ` +
      `a.available < 0)`,
    [platformId],
  );
  expect(drift).toEqual([]);
}

async function available(url: string, accountId: string): Promise<number> {
  const rows = await query<{ available: string }>(url, `SELECT available::text FROM internal_accounts WHERE id = $1`, [
    accountId.split(":")[1],
  ]);
  return Number(rows[0].available);
}

async function keyState(url: string, platformId: string, key: string): Promise<string | undefined> {
  const rows = await query<{ state: string }>(
    url,
    `SELECT state FROM idempotency_keys WHERE platform_id = $1 AND key = $2`,
    [platformId, key],
  );
  return rows[0]?.state;
}

async function quotesOf(url: string, platformId: string): Promise<{ id: string; status: string }[]> {
  return query(url, `SELECT id::text, status FROM quotes WHERE platform_id = $1 AND transaction_id IS NOT NULL`, [
    platformId,
  ]);
}

describe("Idempotency-Key across crashes", () => {
  it(
    "killed after the reservation, before the effect: nothing moved; the retry runs the transfer once",
    { timeout: 240_000 },
    async () => {
      const deploy = await crashableDeployment();
      const first = await deploy.start("idempotency-after-reserve:kill");
      const api = await newPlatform("crash after reserve", first);
      const from = await fundedAccount(api, "Reserve source", 1_000);
      const to = await fundedAccount(api, "Reserve destination", 0);
      const key = randomUUID();
      await lost(transfer(api, from, to, 100, key));
      const second = await deploy.restart(first);
      expect(await keyState(deploy.databaseUrl(), api.platformId, key)).toBe("IN_PROGRESS");
      expect(await available(deploy.databaseUrl(), from)).toBe(1_000);

      const retry = await untilFinal(() => transfer(on(second, api), from, to, 100, key));
      expect(retry.status).toBe(201);
      expect(retry.body.status).toBe("COMPLETED");
      const again = await transfer(on(second, api), from, to, 100, key);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body.id).toBe(retry.body.id);
      expect(await quotesOf(deploy.databaseUrl(), api.platformId)).toHaveLength(1);
      expect(await available(deploy.databaseUrl(), from)).toBe(900);
      expect(await available(deploy.databaseUrl(), to)).toBe(100);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "killed after the effect committed, before the answer was stored: the retry gets the outcome, money moved once",
    { timeout: 240_000 },
    async () => {
      const deploy = await crashableDeployment();
      const first = await deploy.start("idempotency-before-outcome:kill");
      const api = await newPlatform("crash before outcome", first);
      const from = await fundedAccount(api, "Outcome source", 1_000);
      const to = await fundedAccount(api, "Outcome destination", 0);
      const key = randomUUID();
      await lost(transfer(api, from, to, 250, key));
      const second = await deploy.restart(first);
      // The effect and its recovery point committed together.
      expect(await keyState(deploy.databaseUrl(), api.platformId, key)).toBe("APPLIED");
      const [executed] = await quotesOf(deploy.databaseUrl(), api.platformId);
      expect(await available(deploy.databaseUrl(), from)).toBe(750);

      const retry = await transfer(on(second, api), from, to, 250, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.id).toBe(`Quote:${executed.id}`);
      expect(retry.body.status).toBe("COMPLETED");
      // The same key with another request is still a conflict.
      const other = await transfer(on(second, api), from, to, 251, key);
      expect(other.status).toBe(409);
      expect(other.body.details.state).toBe("REQUEST_MISMATCH");
      expect(await quotesOf(deploy.databaseUrl(), api.platformId)).toHaveLength(1);
      expect(await available(deploy.databaseUrl(), from)).toBe(750);
      expect(await available(deploy.databaseUrl(), to)).toBe(250);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "killed right after a group-committed batch of many keys: every key ends with one transfer and its answer",
    { timeout: 240_000 },
    async () => {
      const deploy = await crashableDeployment();
      const first = await deploy.start("money-batch-after-commit:kill");
      const api = await newPlatform("crash in batch", first);
      const from = await fundedAccount(api, "Batch source", 10_000);
      const to = await fundedAccount(api, "Batch destination", 0);
      const keys = Array.from({ length: 40 }, () => randomUUID());
      const firstAnswers = await Promise.allSettled(keys.map((key) => transfer(api, from, to, 100, key)));
      expect(firstAnswers.some((r) => r.status === "rejected")).toBe(true);
      const second = await deploy.restart(first);
      // At least one batch of several plans committed, each with its key's fence, without answers.
      const applied = await query<{ n: number }>(
        deploy.databaseUrl(),
        `SELECT count(*)::int AS n FROM idempotency_keys WHERE platform_id = $1 AND state = 'APPLIED'`,
        [api.platformId],
      );
      expect(applied[0].n).toBeGreaterThan(1);

      const retries = await Promise.all(
        keys.map((key) => untilFinal(() => transfer(on(second, api), from, to, 100, key))),
      );
      expect(retries.map((r) => r.status)).toEqual(new Array(40).fill(201));
      const quoteIds = new Set(retries.map((r) => r.body.id));
      expect(quoteIds.size).toBe(40);
      const stored = await quotesOf(deploy.databaseUrl(), api.platformId);
      expect(new Set(stored.map((q) => `Quote:${q.id}`))).toEqual(quoteIds);
      expect(await available(deploy.databaseUrl(), from)).toBe(10_000 - 40 * 100);
      expect(await available(deploy.databaseUrl(), to)).toBe(40 * 100);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "killed between a quote's execution and its webhook delivery: the retry gets the quote, the webhook arrives once",
    { timeout: 240_000 },
    async () => {
      const hooks = await new WebhookReceiver().start();
      cleanups.push(() => hooks.stop());
      const deploy = await crashableDeployment();
      const first = await deploy.start("quote-executed:kill");
      const api = await newPlatform("crash before webhook", first);
      expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
      const from = await fundedAccount(api, "Webhook source", 1_000);
      const to = await fundedAccount(api, "Webhook destination", 0);
      const quote = await api.post("/quotes", {
        source: { sourceType: "ACCOUNT", accountId: from },
        destination: { destinationType: "ACCOUNT", accountId: to },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 300,
      });
      expect(quote.status).toBe(201);
      const key = randomUUID();
      const execute = () => api.post(`/quotes/${quote.body.id}/execute`, {}, { headers: { "idempotency-key": key } });
      await lost(execute());
      const second = await deploy.restart(first);
      const [executed] = await quotesOf(deploy.databaseUrl(), api.platformId);
      expect(`Quote:${executed.id}`).toBe(quote.body.id);

      const retry = await on(second, api).post(
        `/quotes/${quote.body.id}/execute`,
        {},
        { headers: { "idempotency-key": key } },
      );
      expect(retry.status).toBe(200);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.id).toBe(quote.body.id);
      expect(retry.body.transactionId).toBeTruthy();
      const delivered = await hooks.waitForType("OUTGOING_PAYMENT.COMPLETED", {
        // Generous: on a loaded machine the restarted server's worker takes a while to come round.
        timeoutMs: 90_000,
        where: (w) => w.body.data.id === retry.body.transactionId,
      });
      expect(delivered.body.data.quoteId).toBe(quote.body.id);
      const events = await query<{ id: string }>(
        deploy.databaseUrl(),
        `SELECT id::text FROM webhook_events WHERE platform_id = $1 AND type = 'OUTGOING_PAYMENT.COMPLETED'`,
        [api.platformId],
      );
      expect(events).toHaveLength(1);
      expect(new Set(hooks.ofType("OUTGOING_PAYMENT.COMPLETED").map((w) => w.body.id))).toEqual(
        new Set([`Webhook:${events[0].id}`]),
      );
      expect(await available(deploy.databaseUrl(), from)).toBe(700);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "a paused owner loses its lease to a second server; after SIGCONT the fence refuses its effect",
    { timeout: 240_000 },
    async () => {
      // A long lease, so the request sent while the owner is paused arrives within it even on a loaded machine.
      const deploy = await crashableDeployment(15);
      const first = await deploy.start("idempotency-after-reserve:stop");
      const second = await deploy.startSecond();
      // Whatever happens below, the paused process must run again to stop.
      cleanups.push(async () => process.kill(servePid(first), "SIGCONT"));
      const api = await newPlatform("paused owner", first);
      const from = await fundedAccount(api, "Paused source", 1_000);
      const to = await fundedAccount(api, "Paused destination", 0);
      const key = randomUUID();
      const paused = transfer(api, from, to, 100, key);
      await waitFor(async () => (await keyState(deploy.databaseUrl(), api.platformId, key)) === "IN_PROGRESS", {
        what: "the paused owner's reservation",
      });
      // Within the lease the key is still the paused owner's.
      const early = await transfer(on(second, api), from, to, 100, key);
      expect(early.status, `${early.headers.get("idempotent-replayed")} ${early.text}`).toBe(409);
      expect(early.body.details.state).toBe("IN_PROGRESS");
      const taken = await untilFinal(() => transfer(on(second, api), from, to, 100, key));
      expect(taken.status).toBe(201);

      process.kill(servePid(first), "SIGCONT");
      const resumed = await paused;
      expect(resumed.status).toBe(409);
      expect(resumed.body.details.state).toBe("IN_PROGRESS");
      const replay = await transfer(api, from, to, 100, key);
      expect(replay.status).toBe(201);
      expect(replay.body.id).toBe(taken.body.id);
      expect(await quotesOf(deploy.databaseUrl(), api.platformId)).toHaveLength(1);
      expect(await available(deploy.databaseUrl(), from)).toBe(900);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "a paused owner of a card creation loses its lease; the fence refuses its card, so the key makes one card",
    { timeout: 240_000 },
    async () => {
      // A write that moves no money is fenced too (its card commits with the key's APPLIED, docs/adr-006).
      const deploy = await crashableDeployment(15);
      const first = await deploy.start("idempotency-after-reserve:stop");
      const second = await deploy.startSecond();
      cleanups.push(async () => process.kill(servePid(first), "SIGCONT"));
      const api = await newPlatform("paused card owner", first);
      await approvePlatform(api);
      const holder = await approvedCardholder(api);
      const key = randomUUID();
      const create = (client: ApiClient) =>
        client.post(
          "/cards",
          { customerId: holder.customerId, form: "VIRTUAL", fundingSource: holder.usdAccountId },
          { headers: { "idempotency-key": key } },
        );
      const paused = create(api);
      await waitFor(async () => (await keyState(deploy.databaseUrl(), api.platformId, key)) === "IN_PROGRESS", {
        what: "the paused owner's reservation",
      });
      const taken = await untilFinal(() => create(on(second, api)));
      expect(taken.status, taken.text).toBe(201);
      expect(await keyState(deploy.databaseUrl(), api.platformId, key)).toBe("COMPLETED");

      process.kill(servePid(first), "SIGCONT");
      const resumed = await paused;
      expect(resumed.status, resumed.text).toBe(409);
      expect(resumed.body.details.state).toBe("IN_PROGRESS");
      const replay = await create(api);
      expect(replay.status).toBe(201);
      expect(replay.body.id).toBe(taken.body.id);
      const cards = await query<{ id: string }>(
        deploy.databaseUrl(),
        `SELECT id::text FROM cards WHERE platform_id = $1`,
        [api.platformId],
      );
      expect(cards.map((c) => `Card:${c.id}`)).toEqual([taken.body.id]);
    },
  );

  it(
    "killed after a simulated card event committed, before its answer was stored: the retry replays its token",
    { timeout: 240_000 },
    async () => {
      // The 202 answer of the reference's card-network simulations names nothing a retry could read back: the
      // token itself is the recovery point, committed with the card transaction and its money.
      const deploy = await crashableDeployment();
      const first = await deploy.start("idempotency-before-outcome:kill");
      const api = await newPlatform("crash in a card simulation", first);
      await approvePlatform(api);
      const { card, holder } = await activeCard(api, 5_000);
      const key = randomUUID();
      const simulate = (client: ApiClient, amount: number) =>
        client.post(
          `/sandbox/cards/${card.id}/simulate/financial_authorization`,
          { amount, currency: { code: "USD" }, merchant: { descriptor: "ACME MARKETPLACE", mcc: "5942" } },
          { headers: { "idempotency-key": key } },
        );
      await lost(simulate(api, 1_200));
      const second = await deploy.restart(first);
      expect(await keyState(deploy.databaseUrl(), api.platformId, key)).toBe("APPLIED");
      const rows = () =>
        query<{ token: string }>(
          deploy.databaseUrl(),
          `SELECT issuer_transaction_token AS token FROM card_transactions WHERE platform_id = $1`,
          [api.platformId],
        );
      const [recorded] = await rows();

      const retry = await simulate(on(second, api), 1_200);
      expect(retry.status, retry.text).toBe(202);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body).toEqual({ issuerTransactionToken: recorded.token });
      expect(await rows()).toHaveLength(1);
      expect(await balanceOf(on(second, api), holder)).toBe(3_800);
      await expectLedgerExact(deploy.databaseUrl(), api.platformId);
    },
  );

  it(
    "killed between an agent action's approval and its execution: the action executes once by itself",
    { timeout: 240_000 },
    async () => {
      const deploy = await crashableDeployment();
      const first = await deploy.start("agent-action-approved:kill");
      const api = await newPlatform("crash after approval", first);
      const customerId = (await newCustomer(api, ["USD"], "Agent Owner")).id;
      const usd = await internalAccount(api, customerId);
      await fund(api, usd, 100_000);
      const ext = await api.post("/customers/external-accounts", {
        customerId,
        currency: "USD",
        accountInfo: usdAccountInfo(`77${Date.now() % 100000}4401`),
      });
      expect(ext.status, ext.text).toBe(201);
      const agent = await installedAgent(api, { ...POLICY, defaultExecutionMode: "APPROVAL_REQUIRED" }, customerId);
      const submitted = await api.post(
        "/agents/me/transfer-out",
        { source: { accountId: usd }, destination: { accountId: ext.body.id }, amount: 2_500 },
        { auth: agent.auth },
      );
      expect(submitted.status, submitted.text).toBe(201);
      expect(submitted.body.status).toBe("PENDING_APPROVAL");
      const key = randomUUID();
      const approve = (client: ApiClient) =>
        client.post(
          `/transactions/${submitted.body.transactionId}/approve`,
          {},
          { headers: { "idempotency-key": key } },
        );
      await lost(approve(api));
      // The approval committed; the process died before the transfer ran. Nobody retries: the restarted
      // server's resume job executes it (the embedded database restarts with the server, so it is read after).
      const url = () => deploy.databaseUrl();
      const actionUuid = submitted.body.id.split(":")[1];
      const txnUuid = submitted.body.transactionId.split(":")[1];
      const stateOf = async () =>
        (await query<{ status: string }>(url(), `SELECT status FROM agent_actions WHERE id = $1`, [actionUuid]))[0]
          .status;
      const transactions = () =>
        query<{ created_at: Date }>(url(), `SELECT created_at FROM transactions WHERE id = $1`, [txnUuid]);
      const restartedAt = Date.now();
      const second = await deploy.restart(first);
      await waitFor(async () => (await transactions()).length === 1, {
        timeoutMs: 60_000,
        what: "the approved action to execute after the crash",
      });
      // It ran after the restart, so the crash came before the execution and the job did it.
      expect((await transactions())[0].created_at.getTime()).toBeGreaterThanOrEqual(restartedAt - 1_000);
      expect(await stateOf()).toBe("APPROVED");
      expect(await available(url(), usd)).toBe(100_000 - 2_500);
      // The approval committed with its key (APPLIED): the retry answers with the executed transaction.
      expect(await keyState(url(), api.platformId, key)).toBe("APPLIED");
      const retry = await untilFinal(() => approve(on(second, api)));
      expect(retry.status, retry.text).toBe(200);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.id).toBe(submitted.body.transactionId);
      const jobs = await query<{ status: string }>(
        url(),
        `SELECT status FROM jobs WHERE type = 'agent.action.resume' AND payload->>'actionId' = $1`,
        [actionUuid],
      );
      expect(jobs.map((j) => j.status)).toEqual(["DONE"]);
      expect(await transactions()).toHaveLength(1);
      expect(await available(url(), usd)).toBe(100_000 - 2_500);
      await expectLedgerExact(url(), api.platformId);
    },
  );
});

describe("claim, then work: background work across crashes", () => {
  it(
    "a bulk CSV import killed after a row's customer committed resumes on restart: each row once, one webhook",
    { timeout: 240_000 },
    async () => {
      const hooks = await new WebhookReceiver().start();
      cleanups.push(() => hooks.stop());
      const deploy = await crashableDeployment();
      const first = await deploy.start("bulk-import-row-created:kill");
      const api = await newPlatform("crash in bulk import", first);
      expect((await api.patch("/config", { webhookEndpoint: hooks.url })).status).toBe(200);
      const rows = Array.from({ length: 6 }, (_, i) => `,crash-row-${i},INDIVIDUAL,Row Person ${i},1990-01-0${i + 1}`);
      const form = new FormData();
      const csv = ["umaAddress,platformCustomerId,customerType,fullName,birthDate", ...rows].join("\n");
      form.set("file", new Blob([csv], { type: "text/csv" }), "customers.csv");
      const upload = await api.post("/customers/bulk/csv", undefined, { raw: form });
      expect(upload.status, upload.text).toBe(202);
      // The worker dies on the third row, after its customer committed and before its progress was saved.
      await waitFor(
        async () => {
          try {
            await fetch(`${first.origin}/api/health`);
            return false;
          } catch {
            return true;
          }
        },
        { timeoutMs: 60_000, what: "the failpoint to kill the server" },
      );
      const second = await deploy.restart(first);
      const job = await waitFor(
        async () => {
          const j = await on(second, api).get(`/customers/bulk/jobs/${upload.body.jobId}`);
          return j.body.status === "COMPLETED" ? j.body : undefined;
        },
        { timeoutMs: 90_000, what: "the resumed import to complete" },
      );
      expect(job.progress).toMatchObject({ total: 6, processed: 6, successful: 6, failed: 0 });
      const customers = await query<{ platform_customer_id: string }>(
        deploy.databaseUrl(),
        `SELECT platform_customer_id FROM customers WHERE platform_id = $1 AND platform_customer_id LIKE 'crash-row-%'
          ORDER BY platform_customer_id`,
        [api.platformId],
      );
      expect(customers.map((c) => c.platform_customer_id)).toEqual(rows.map((_, i) => `crash-row-${i}`));
      await hooks.waitForType("BULK_UPLOAD.COMPLETED", { timeoutMs: 60_000 });
      const events = await query(
        deploy.databaseUrl(),
        `SELECT id FROM webhook_events WHERE platform_id = $1 AND type = 'BULK_UPLOAD.COMPLETED'`,
        [api.platformId],
      );
      expect(events).toHaveLength(1);
    },
  );
});

// Jobs whose handler's last statement records their outcome itself (COMPLETED, lib/jobs/queue.ts): card activation
// (the move, its event and delivery job, and the activation job's completion in one statement; without an endpoint the
// event is written NO_ENDPOINT and no delivery job queued) and webhook delivery (the attempt, the event's status and
// the job's outcome in one statement; a redelivery finding no endpoint: the event's mark and the job's completion in
// its read). What each leaves in the jobs table must be what the worker's own recording left:
// DONE with no lease and no error, or due again (PENDING, not counted as an attempt) after a failed delivery.
// And when the lease changes hands while the statement runs, the old holder's statement records nothing about the job.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, newPlatform, waitFor, type ApiClient } from "../../support/api";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { approvePlatform, approvedCardholder, issueCard, waitForStatus } from "../cards/helpers";

interface JobRow {
  type: string;
  status: string;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
}

const uuid = (apiId: string) => apiId.split(":")[1];

/** The card's activation job and the delivery job of each event about it. */
async function cardJobs(cardId: string) {
  const { rows } = await database().query<JobRow & { event_status: string | null; event_attempts: number | null }>(
    `SELECT j.type, j.status, j.attempts, j.locked_by, j.locked_until, j.last_error,
            e.status AS event_status, e.attempts AS event_attempts
       FROM jobs j LEFT JOIN webhook_events e ON e.id::text = j.payload->>'eventId'
      WHERE j.payload->>'cardId' = $1 OR e.payload->'data'->>'id' = $2
      ORDER BY j.created_at`,
    [uuid(cardId), cardId],
  );
  return rows;
}

const done = { status: "DONE", attempts: 1, locked_by: null, locked_until: null, last_error: null };

describe("jobs completed by their handler's own statement", () => {
  let withEndpoint: ApiClient;
  let withoutEndpoint: ApiClient;
  const hooks = new WebhookReceiver();

  beforeAll(async () => {
    await hooks.start();
    withEndpoint = await newPlatform();
    await approvePlatform(withEndpoint, { webhookEndpoint: hooks.url });
    withoutEndpoint = await newPlatform();
    await approvePlatform(withoutEndpoint);
  });
  afterAll(() => hooks.stop());

  it("activation and a delivered CARD.STATUS_CHANGE leave both jobs DONE, once, with nothing held", async () => {
    const card = await issueCard(withEndpoint, await approvedCardholder(withEndpoint));
    await waitForStatus(withEndpoint, card.id, "ACTIVE");
    await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
    const jobs = await waitFor(async () => {
      const rows = await cardJobs(card.id);
      return rows.length === 2 && rows.every((r) => r.status === "DONE") ? rows : undefined;
    });
    expect(jobs[0]).toMatchObject({ type: "card.activate", ...done });
    expect(jobs[1]).toMatchObject({ type: "webhook.deliver", ...done, event_status: "DELIVERED", event_attempts: 1 });
    expect(hooks.received.filter((w) => w.body.data?.id === card.id)).toHaveLength(1);
    const { rows: deliveries } = await database().query(
      `SELECT d.attempt, d.response_status FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE e.payload->'data'->>'id' = $1`,
      [card.id],
    );
    expect(deliveries).toEqual([{ attempt: 1, response_status: 200 }]);
  });

  it("without an endpoint, the move writes its event NO_ENDPOINT and queues no delivery job", async () => {
    const card = await issueCard(withoutEndpoint, await approvedCardholder(withoutEndpoint));
    await waitForStatus(withoutEndpoint, card.id, "ACTIVE");
    const jobs = await waitFor(async () => {
      const rows = await cardJobs(card.id);
      return rows.length === 1 && rows[0].status === "DONE" ? rows : undefined;
    });
    expect(jobs[0]).toMatchObject({ type: "card.activate", ...done });
    const { rows: events } = await database().query(
      `SELECT status, attempts FROM webhook_events WHERE payload->'data'->>'id' = $1`,
      [card.id],
    );
    expect(events).toEqual([{ status: "NO_ENDPOINT", attempts: 1 }]);
  });

  it("a redelivery without an endpoint marks the event NO_ENDPOINT and its job DONE in one go", async () => {
    const card = await issueCard(withoutEndpoint, await approvedCardholder(withoutEndpoint));
    await waitForStatus(withoutEndpoint, card.id, "ACTIVE");
    // What the admin section's redelivery writes (lib/domain/webhooks/redeliver.ts): the event PENDING, one job.
    const { rows } = await database().query<{ id: string }>(
      `WITH e AS (UPDATE webhook_events SET status = 'PENDING' WHERE payload->'data'->>'id' = $1 RETURNING id)
       INSERT INTO jobs (id, platform_id, type, payload, max_attempts)
       SELECT gen_random_uuid(), $2::uuid, 'webhook.deliver', jsonb_build_object('eventId', e.id), 1000 FROM e
       RETURNING id`,
      [card.id, withoutEndpoint.platformId],
    );
    expect(rows).toHaveLength(1);
    const jobs = await waitFor(async () => {
      const found = await cardJobs(card.id);
      return found.length === 2 && found.every((r) => r.status === "DONE") ? found : undefined;
    });
    expect(jobs[1]).toMatchObject({ type: "webhook.deliver", ...done, event_status: "NO_ENDPOINT", event_attempts: 2 });
  });

  it("a lease taken over while the activation statement waits: the effect lands once, the old holder records nothing", async () => {
    // Hold the activation back (not due) as soon as the card exists; a card whose job already ran is tried again.
    const held = await waitFor(
      async () => {
        const card = await issueCard(withoutEndpoint, await approvedCardholder(withoutEndpoint));
        const { rowCount } = await database().query(
          `UPDATE jobs SET run_at = now() + interval '1 hour'
            WHERE type = 'card.activate' AND payload->>'cardId' = $1 AND status = 'PENDING'`,
          [uuid(card.id)],
        );
        return rowCount === 1 ? card : undefined;
      },
      { what: "a card whose activation is still pending" },
    );
    const cardUuid = uuid(held.id);
    const activation = `type = 'card.activate' AND payload->>'cardId' = '${cardUuid}'`;
    const blocker = await database().connect();
    try {
      // The card's row locked here, the worker's move (its activation statement's first step) waits on it.
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM cards WHERE id = $1::uuid FOR UPDATE", [cardUuid]);
      await database().query(`UPDATE jobs SET run_at = now() WHERE ${activation}`);
      const [{ pid }] = (await blocker.query("SELECT pg_backend_pid() AS pid")).rows;
      await waitFor(
        async () =>
          (
            await database().query(
              `SELECT 1 FROM pg_stat_activity
                WHERE $1::int = ANY(pg_blocking_pids(pid)) AND query LIKE '%WITH moved AS%UPDATE cards SET status%'`,
              [pid],
            )
          ).rowCount! > 0,
        { what: "the activation statement waiting on the card" },
      );
      const [claimed] = (await database().query(`SELECT locked_by FROM jobs WHERE ${activation}`)).rows;
      expect(claimed.locked_by).toMatch(/./);
      // Another worker takes the job over meanwhile (as after a lapsed lease).
      await database().query(
        `UPDATE jobs SET locked_by = 'another worker', locked_until = now() + interval '1 hour' WHERE ${activation}`,
      );
    } finally {
      await blocker.query("ROLLBACK");
      blocker.release();
    }
    await waitForStatus(withoutEndpoint, held.id, "ACTIVE");
    const events = async () =>
      (
        await database().query(
          `SELECT id FROM webhook_events WHERE type = 'CARD.STATUS_CHANGE' AND payload->'data'->>'id' = $1`,
          [held.id],
        )
      ).rowCount;
    expect(await events()).toBe(1);
    // The old holder's statement moved the card but could not record the job: the new holder still has it.
    const [kept] = (await database().query(`SELECT status, locked_by, attempts FROM jobs WHERE ${activation}`)).rows;
    expect(kept).toEqual({ status: "RUNNING", locked_by: "another worker", attempts: 1 });
    // When that lease lapses the server's worker takes the job over, finds the card moved and finishes: nothing twice.
    await database().query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE ${activation}`);
    const finished = await waitFor(async () => {
      const [row] = (await database().query(`SELECT status, locked_by, attempts FROM jobs WHERE ${activation}`)).rows;
      return row.status === "DONE" ? row : undefined;
    });
    expect(finished).toEqual({ status: "DONE", locked_by: null, attempts: 2 });
    expect(await events()).toBe(1);
    expect((await withoutEndpoint.get(`/cards/${held.id}`)).body.status).toBe("ACTIVE");
  });

  it("a failed delivery is due again without counting an attempt, with the answer as its last error", async () => {
    hooks.respondWith = 500;
    try {
      const card = await issueCard(withEndpoint, await approvedCardholder(withEndpoint));
      await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === card.id });
      const jobs = await waitFor(async () => {
        const rows = await cardJobs(card.id);
        return rows.length === 2 && rows[1].status === "PENDING" ? rows : undefined;
      });
      expect(jobs[0]).toMatchObject({ type: "card.activate", ...done });
      expect(jobs[1]).toMatchObject({
        type: "webhook.deliver",
        status: "PENDING",
        attempts: 0,
        locked_by: null,
        locked_until: null,
        last_error: "HTTP 500",
        event_status: "RETRYING",
        event_attempts: 1,
      });
      // A later attempt delivers (retries are due within a second at the test servers' time scale; more than one may
      // have failed by the time the receiver answers 200). Every failure gave its attempt back: one counted in all.
      hooks.respondWith = 200;
      const delivered = await waitFor(async () => {
        const rows = await cardJobs(card.id);
        return rows[1].status === "DONE" ? rows[1] : undefined;
      });
      expect(delivered).toMatchObject({ ...done, event_status: "DELIVERED" });
      expect(delivered.event_attempts).toBeGreaterThanOrEqual(2);
    } finally {
      hooks.respondWith = 200;
    }
  });

  it("activations due together move in one statement: each card once, its event with its own job's rules, delivered", async () => {
    // Cards whose activation is held back (not due), one of them rejected by the issuer (platformCustomerId …002).
    const held: { id: string; jobId: string }[] = [];
    for (let tries = 0; held.length < 6 && tries < 60; tries++) {
      const holder = await approvedCardholder(withEndpoint, {
        platformCustomerId: `batch-${Date.now()}-${tries}-${held.length === 0 ? "002" : "x"}`,
      });
      const card = await issueCard(withEndpoint, holder);
      const { rows } = await database().query<{ id: string }>(
        `UPDATE jobs SET run_at = now() + interval '1 hour'
          WHERE type = 'card.activate' AND payload->>'cardId' = $1 AND status = 'PENDING' RETURNING id`,
        [uuid(card.id)],
      );
      if (rows.length === 1) held.push({ id: card.id, jobId: rows[0].id });
    }
    expect(held.length).toBe(6);
    const jobIds = held.map((h) => h.jobId);
    await database().query(`UPDATE jobs SET run_at = now() WHERE id = ANY($1::uuid[])`, [jobIds]);
    const jobs = await waitFor(async () => {
      const { rows } = await database().query<
        JobRow & { payload: { cardId: string; outcome?: string; sandboxRules?: string[] } }
      >(
        `SELECT type, status, attempts, locked_by, locked_until, last_error, payload
           FROM jobs WHERE id = ANY($1::uuid[])`,
        [jobIds],
      );
      return rows.every((r) => r.status === "DONE") ? rows : undefined;
    });
    for (const job of jobs) expect(job).toMatchObject({ type: "card.activate", ...done });
    const { rows: events } = await database().query<{ card: string; status: string; rules: string[] }>(
      `SELECT payload->'data'->>'id' AS card, payload->'data'->>'status' AS status, sandbox_rules AS rules
         FROM webhook_events WHERE type = 'CARD.STATUS_CHANGE' AND payload->'data'->>'id' = ANY($1::text[])`,
      [held.map((h) => h.id)],
    );
    expect(events.map((e) => e.card).sort()).toEqual(held.map((h) => h.id).sort());
    expect(jobs.filter((j) => j.payload.outcome === "REJECT")).toHaveLength(1);
    // Each event names the sandbox rules its own job carried (the rejection's rule, or none).
    const rulesOfJob = new Map(jobs.map((j) => [`Card:${j.payload.cardId}`, j.payload.sandboxRules ?? []]));
    for (const e of events) expect(e.rules).toEqual(rulesOfJob.get(e.card));
    const statuses = new Map(events.map((e) => [e.card, e.status]));
    expect([...statuses.values()].filter((s) => s === "CLOSED")).toHaveLength(1);
    expect([...statuses.values()].filter((s) => s === "ACTIVE")).toHaveLength(5);
    const closedEvent = events.find((e) => e.status === "CLOSED")!;
    expect(closedEvent.rules).toEqual(["card.issuance.002"]);
    for (const h of held) {
      const card = (await withEndpoint.get(`/cards/${h.id}`)).body;
      expect(card.status).toBe(statuses.get(h.id));
      await hooks.waitForType("CARD.STATUS_CHANGE", { where: (w) => w.body.data.id === h.id });
    }
    // Moved in one statement: the cards of one claim were written by one transaction (each alone, by its own).
    const { rows: stamps } = await database().query<{ n: number }>(
      `SELECT count(DISTINCT xmin::text)::int AS n FROM cards WHERE id = ANY($1::uuid[])`,
      [held.map((h) => uuid(h.id))],
    );
    expect(stamps[0].n).toBeLessThan(held.length);
  });
});

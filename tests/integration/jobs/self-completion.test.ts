// Jobs whose handler's last statement records their outcome itself (COMPLETED, lib/jobs/queue.ts): card activation
// (the move, its event and delivery job, and the activation job's completion in one statement) and webhook delivery
// (the attempt, the event's status and the job's outcome in one statement; without an endpoint, the event's mark and
// the job's completion in its read). What each leaves in the jobs table must be what the worker's own recording left:
// DONE with no lease and no error, or due again (PENDING, not counted as an attempt) after a failed delivery.
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

  it("without an endpoint, the event is marked NO_ENDPOINT and its delivery job DONE in one go", async () => {
    const card = await issueCard(withoutEndpoint, await approvedCardholder(withoutEndpoint));
    await waitForStatus(withoutEndpoint, card.id, "ACTIVE");
    const jobs = await waitFor(async () => {
      const rows = await cardJobs(card.id);
      return rows.length === 2 && rows.every((r) => r.status === "DONE") ? rows : undefined;
    });
    expect(jobs[0]).toMatchObject({ type: "card.activate", ...done });
    expect(jobs[1]).toMatchObject({ type: "webhook.deliver", ...done, event_status: "NO_ENDPOINT", event_attempts: 1 });
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
});

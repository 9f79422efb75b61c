// Issue 18: a signed retry whose server dies mid-way. The claim on the
// challenge has an owner and a short lease, so after a crash a repeat of the
// same signed request either runs the action (exactly once) or receives the
// answer the dead server had committed. The servers here kill themselves at a
// failpoint (MERIDIAN_FAILPOINTS, SIGKILL) and restart on the same database.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { ApiClient, newPlatform, waitFor } from "../../support/api";
import { createExternalDatabase, servePid, startTestServer, type TestServer } from "../../support/server";
import { walletWithSession } from "../../support/wallet";
import { newClientKey, retryHeaders } from "../../support/wallet-client";

/** The request dies with the server: no answer at all. */
async function diesWithServer(call: Promise<unknown>): Promise<string> {
  try {
    const r = (await call) as { status: number };
    return `answered ${r.status}`;
  } catch {
    return "no answer";
  }
}

/** One external database and the servers started on it, with a client for looking at its rows. */
async function crashRig(lease: string) {
  const database = await createExternalDatabase();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const servers: TestServer[] = [];
  return {
    db,
    start: async (env: Record<string, string>) => {
      const s = await startTestServer(
        "external",
        { MERIDIAN_SIGNED_RETRY_LEASE_SECONDS: lease, ...env },
        { databaseUrl: database.url },
      );
      servers.push(s);
      return s;
    },
    close: async () => {
      await db.end().catch(() => undefined);
      for (const s of servers.reverse()) await s.stop().catch(() => 0);
      await database.drop();
    },
  };
}

/** A wallet session's refresh, challenged and signed: the request a client retries. */
async function signedRefresh(api: ApiClient) {
  const w = await walletWithSession(api);
  const path = `/auth/sessions/${w.session.id}/refresh`;
  const body = { clientPublicKey: newClientKey().publicKey };
  const challenge = await api.post(path, body);
  expect(challenge.status, challenge.text).toBe(202);
  const headers = await retryHeaders(w.session.key, challenge.body);
  return { w, path, body, headers, challenge, challengeId: challenge.body.requestId.split(":")[1] as string };
}

describe("signed retry across a crash", () => {
  it(
    "dies after the claim: the repeat runs the action once; dies after the " +
      "commit: the repeat gets the committed answer",
    { timeout: 240_000 },
    async () => {
      const { db, start, close } = await crashRig("1");
      try {
        const first = await start({ MERIDIAN_FAILPOINTS: "signed-retry:claimed:session.refresh:kill" });
        const api = await newPlatform("crash", first);
        const { w, path, body, headers, challengeId } = await signedRefresh(api);
        const sessions = async () =>
          Number(
            (await db.query("SELECT count(*) FROM wallet_sessions WHERE account_id = $1", [w.accountId.split(":")[1]]))
              .rows[0].count,
          );
        const before = await sessions();

        // 1. The server dies right after claiming the challenge: nothing was done, the claim stays behind.
        expect(await diesWithServer(api.post(path, body, { headers }))).toBe("no answer");
        const claimed = await db.query("SELECT claimed_by, lease_until, done_at FROM wallet_challenges WHERE id = $1", [
          challengeId,
        ]);
        expect(claimed.rows[0].claimed_by).not.toBeNull();
        expect(claimed.rows[0].done_at).toBeNull();
        expect(await sessions()).toBe(before);

        // 2. Restarted (its lease has run out by now), the repeat claims it again and runs the action; this server
        //    dies after the action committed but before the answer went out.
        const second = await start({ MERIDIAN_FAILPOINTS: "signed-retry:committed:session.refresh:kill" });
        const api2 = new ApiClient(second.baseUrl, api.clientId, api.clientSecret, api.platformId);
        expect(await diesWithServer(api2.post(path, body, { headers }))).toBe("no answer");
        expect(await sessions()).toBe(before + 1);
        const done = await db.query("SELECT done_at, outcome FROM wallet_challenges WHERE id = $1", [challengeId]);
        expect(done.rows[0].done_at).not.toBeNull();
        const created = done.rows[0].outcome as { id: string };

        // 3. Restarted again, the repeat receives the committed answer (once) and nothing runs a second time.
        const third = await start({});
        const api3 = new ApiClient(third.baseUrl, api.clientId, api.clientSecret, api.platformId);
        const answer = await api3.post(path, body, { headers });
        expect(answer.status, answer.text).toBe(201);
        expect(answer.body.id).toBe(created.id);
        expect(answer.body.encryptedSessionSigningKey).toEqual(expect.any(String));
        expect(await sessions()).toBe(before + 1);
        const again = await api3.post(path, body, { headers });
        expect([again.status, again.body.code]).toEqual([401, "INVALID_SIGNATURE"]);
        expect((await db.query("SELECT 1 FROM wallet_challenges WHERE id = $1", [challengeId])).rowCount).toBe(0);
      } finally {
        await close();
      }
    },
  );

  it(
    "a repeat between the claimer's commit and its answer is still processing: the answer goes out once, by the " +
      "live claimer",
    { timeout: 240_000 },
    async () => {
      // A lease long enough that the repeat arrives within it on a loaded machine.
      const { db, start, close } = await crashRig("60");
      let paused: TestServer | undefined;
      try {
        // The first server stops itself (SIGSTOP) right after the action committed, before it answers.
        paused = await start({ MERIDIAN_FAILPOINTS: "signed-retry:committed:session.refresh:stop" });
        const other = await start({});
        const api = await newPlatform("commit window", paused);
        const { path, body, headers, challenge, challengeId } = await signedRefresh(api);

        const claimer = api.post(path, body, { headers });
        await waitFor(
          async () =>
            (await db.query("SELECT 1 FROM wallet_challenges WHERE id = $1 AND done_at IS NOT NULL", [challengeId]))
              .rowCount === 1,
          { what: "the claimer's commit" },
        );
        const api2 = new ApiClient(other.baseUrl, api.clientId, api.clientSecret, api.platformId);
        const meanwhile = await api2.post(path, body, { headers });
        expect(meanwhile.status, meanwhile.text).toBe(200);
        expect(meanwhile.body).toEqual({ requestId: challenge.body.requestId, stillProcessing: true });

        process.kill(servePid(paused), "SIGCONT");
        const answer = await claimer;
        expect(answer.status, answer.text).toBe(201);
        expect(answer.body.encryptedSessionSigningKey).toEqual(expect.any(String));
        await waitFor(
          async () => (await db.query("SELECT 1 FROM wallet_challenges WHERE id = $1", [challengeId])).rowCount === 0,
          { what: "the claimer's release of the challenge" },
        );
        const after = await api2.post(path, body, { headers });
        expect([after.status, after.body.code]).toEqual([401, "INVALID_SIGNATURE"]);
      } finally {
        if (paused) {
          try {
            process.kill(servePid(paused), "SIGCONT");
          } catch {
            // already running or gone
          }
        }
        await close();
      }
    },
  );
});

// Platform BasicAuth: revocation wins every race with credential checks in
// flight, on every instance sharing the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newPlatform, server } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";

let second: TestServer;

beforeAll(async () => {
  second = await startTestServer(server().mode, {}, { databaseUrl: server().databaseUrl });
}, 120_000);

afterAll(async () => {
  await second?.stop();
});

interface Attempt {
  instance: string;
  sentAt: number;
  status: number;
}

/**
 * Keeps checking the credential, recording when each request was sent, until
 * `stopAt()` has passed and at least 3 requests were sent after `deleteAnsweredAt()`.
 */
async function hammer(
  instance: string,
  client: ApiClient,
  deleteAnsweredAt: () => number,
  stopAt: () => number,
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  while (performance.now() <= stopAt() || attempts.filter((a) => a.sentAt > deleteAnsweredAt()).length < 3) {
    const sentAt = performance.now();
    const res = await client.get("/config");
    attempts.push({ instance, sentAt, status: res.status });
  }
  return attempts;
}

describe("API token revocation", () => {
  it(
    "a deleted token fails every check sent after DELETE answers, on both instances, even with checks in flight",
    { timeout: 120_000 },
    async () => {
      const root = await newPlatform("revocation race");
      for (const warm of [false, true]) {
        const created = await root.post("/tokens", { name: `raced-${warm}`, permissions: ["VIEW"] });
        expect(created.status).toBe(201);
        const onFirst = root.withCredentials(created.body.clientId, created.body.clientSecret);
        const onSecond = new ApiClient(
          second.baseUrl,
          created.body.clientId,
          created.body.clientSecret,
          root.platformId,
        );
        if (warm) {
          expect((await onFirst.get("/config")).status).toBe(200);
          expect((await onSecond.get("/config")).status).toBe(200);
        }

        let deleteAnsweredAt = Infinity;
        let stopAt = Infinity;
        const loops = [
          ...Array.from({ length: 4 }, () =>
            hammer(
              "first",
              onFirst,
              () => deleteAnsweredAt,
              () => stopAt,
            ),
          ),
          ...Array.from({ length: 4 }, () =>
            hammer(
              "second",
              onSecond,
              () => deleteAnsweredAt,
              () => stopAt,
            ),
          ),
        ];
        // Cold: the first checks are still in their scrypt when the deletion commits.
        await new Promise((r) => setTimeout(r, warm ? 150 : 10));
        const deleted = await root.delete(`/tokens/${created.body.id}`);
        deleteAnsweredAt = performance.now();
        expect(deleted.status).toBe(204);
        stopAt = deleteAnsweredAt + 2_000;
        const attempts = (await Promise.all(loops)).flat();

        const after = attempts.filter((a) => a.sentAt > deleteAnsweredAt);
        expect(after.some((a) => a.instance === "first") && after.some((a) => a.instance === "second")).toBe(true);
        // 401, or 429 once the hammering spent the failed-attempt budget: never a success.
        expect(after.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
        // The race was real: checks of the live token succeeded until the deletion.
        if (warm) expect(attempts.some((a) => a.status === 200)).toBe(true);
        // Past the settle window and the 10-second cache alike, fresh checks stay refused on both instances.
        expect([401, 429]).toContain((await onSecond.get("/config")).status);
        expect([401, 429]).toContain((await onFirst.get("/config")).status);
      }
    },
  );
});

describe("BasicAuth parsing", () => {
  it("a secret followed by NUL bytes or holding control characters does not authenticate as the secret", async () => {
    const api = await newPlatform("nul padding");
    expect((await api.get("/config")).status).toBe(200);
    for (const suffix of ["\u0000", "\u0000\u0000\u0000\u0000", "\u0000x"]) {
      const padded = await api.get("/config", {
        auth: { clientId: api.clientId, clientSecret: `${api.clientSecret}${suffix}` },
      });
      expect(padded.status).toBe(401);
      expect(padded.body.code).toBe("UNAUTHORIZED");
    }
    const nulId = await api.get("/config", {
      auth: { clientId: `${api.clientId}\u0000`, clientSecret: api.clientSecret },
    });
    expect([nulId.status, nulId.body.code]).toEqual([401, "UNAUTHORIZED"]);
    const badUtf8 =
      `Basic ` + `${Buffer.concat([Buffer.from(`${api.clientId}:`), Buffer.from([0xc3, 0x28])]).toString("base64")}`;
    const notUtf8 = await api.get("/config", { auth: "none", headers: { authorization: badUtf8 } });
    expect([notUtf8.status, notUtf8.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });
});

describe("source address", () => {
  it("a client cannot choose its address: a spoofed peer-address header or X-Forwarded-For is ignored without a trusted proxy", async () => {
    const api = await newPlatform("spoofing");
    for (let i = 0; i < 10; i++) {
      const headers = { "x-meridian-peer-address": `203.0.113.${i + 1}`, "x-forwarded-for": `198.51.100.${i + 1}` };
      const res = await api.get("/config", {
        auth: { clientId: api.clientId, clientSecret: `msk_spoofed_guess_${i}` },
        headers,
      });
      expect(res.status).toBe(401);
    }
    // All ten came from this one address, whose budget for this client id is now spent.
    const next = await api.get("/config", {
      auth: { clientId: api.clientId, clientSecret: "msk_spoofed_guess_x" },
      headers: { "x-meridian-peer-address": "203.0.113.99" },
    });
    expect([next.status, next.body.code]).toEqual([429, "RATE_LIMITED"]);
  });
});

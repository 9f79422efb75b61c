// Issue 18, section 2, for the web tier: while PostgreSQL is down every web
// route (lib/bff/route.ts: staff, customer, public, hosted and operator
// audiences) answers 503 with Retry-After in the spec's envelope, fast, never
// 500, whether the route reads the database itself (hosted pages, operator
// routes) or through the API (admin and wallet routes); once it is back the
// same sessions and links work again without a restart. A PostgreSQL of this
// test's own, as in database-restart.test.ts.
import { describe, expect, it } from "vitest";
import { newPlatform, server, waitFor } from "../../support/api";
import { newCustomer } from "../../support/money";
import { startScratchPostgres } from "../../support/scratch-postgres";
import { startTestServer, type TestServer } from "../../support/server";
import { staffBrowser } from "../../support/staff";
import { Web, signUp, verifyOtp } from "../../support/web-customer";

interface Answer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

async function answer(res: Promise<Response>, started: number): Promise<Answer> {
  const r = await res;
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, headers: r.headers, ms: Date.now() - started };
}

describe("web tier while PostgreSQL is down", () => {
  it(
    "every audience answers 503 with Retry-After in the envelope, then serves again",
    { timeout: 240_000 },
    async () => {
      const database = await startScratchPostgres(server().mode);
      let instance: TestServer | null = null;
      try {
        instance = await startTestServer(
          "external",
          { DB_CONNECT_TIMEOUT_MS: "5000", LOG_LEVEL: "error" },
          { databaseUrl: database.url },
        );
        const origin = instance.origin;
        const operatorToken = instance.operatorToken;

        // Sessions and links made while the database is up.
        const staff = await staffBrowser("operator", { origin, operatorToken });
        const customer = new Web(origin);
        const enrolled = await signUp(customer);
        const verified = await verifyOtp(customer, enrolled.credentialId, enrolled.bundle);
        expect(verified.second?.status, JSON.stringify(verified.second?.body)).toBe(200);
        expect(await customer.useTicket(verified.second!.body.ticket)).toBeTruthy();
        const api = await newPlatform("web tier outage", instance);
        const holder = await newCustomer(api, ["USD"], "Hosted Page");
        const link = await api.post(`/customers/${holder.id}/kyc-link`, {});
        expect(link.status, link.text).toBeLessThan(300);
        const kycToken = new URL(link.body.kycUrl).pathname.split("/").pop()!;

        const calls: Record<string, () => Promise<Answer>> = {
          staff: () => {
            const t = Date.now();
            return answer(
              staff.fetch("/api/admin/config", {
                method: "PATCH",
                headers: { "content-type": "application/json", "x-csrf-token": staff.csrf },
                body: JSON.stringify({}),
              }),
              t,
            );
          },
          customer: () => {
            const t = Date.now();
            return answer(customer.raw("GET", "/api/wallet/accounts"), t);
          },
          public: () => {
            const t = Date.now();
            return answer(
              customer.raw("POST", "/api/wallet/signin/lookup", JSON.stringify({ email: "someone@example.com" }), {
                "content-type": "application/json",
              }),
              t,
            );
          },
          hosted: () => {
            const t = Date.now();
            return answer(fetch(`${origin}/api/kyc/${kycToken}`), t);
          },
          operator: () => {
            const t = Date.now();
            return answer(
              fetch(`${origin}/api/operator/stablecoins`, { headers: { authorization: `Bearer ${operatorToken}` } }),
              t,
            );
          },
        };
        const before: Record<string, number> = {};
        for (const [name, call] of Object.entries(calls)) before[name] = (await call()).status;
        expect(
          Object.values(before).every((s) => s < 500),
          JSON.stringify(before),
        ).toBe(true);

        await database.stop();
        const during: Record<string, Answer> = {};
        for (const [name, call] of Object.entries(calls)) during[name] = await call();
        await database.start();

        for (const [name, a] of Object.entries(during)) {
          expect(a.status, `${name}: ${JSON.stringify(a.body)}`).toBe(503);
          expect(a.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: expect.any(String) });
          expect(Object.keys(a.body).every((k) => ["code", "reason", "details"].includes(k))).toBe(true);
          expect(Number(a.headers.get("retry-after")), name).toBeGreaterThan(0);
          // Fast: within the pool's connect bound, not a hang.
          expect(a.ms, name).toBeLessThan(30_000);
        }
        // People read the staff and customer answers: words, not the API's message.
        expect(during.customer.body.reason).not.toMatch(/Idempotency-Key/);
        expect(during.staff.body.reason).not.toMatch(/Idempotency-Key/);
        // The operator's scripts and the hosted page quote the request id to support.
        expect(during.operator.headers.get("x-request-id")).toBeTruthy();

        // Back: the same sessions, link and token work without a restart.
        await waitFor(async () => (await fetch(`${origin}/api/health/ready`)).status === 200, {
          timeoutMs: 30_000,
          what: "readiness after the restart",
        });
        const after: Record<string, number> = {};
        for (const [name, call] of Object.entries(calls)) after[name] = (await call()).status;
        expect(after).toEqual(before);
      } finally {
        await instance?.stop().catch(() => 0);
        await database.destroy();
      }
    },
  );
});

// Issue 18, section 2, for the web tier: while PostgreSQL is down every web
// route (lib/bff/route.ts: staff, customer, public, hosted and operator
// audiences) answers 503 with Retry-After in the spec's envelope, fast, never
// 500, whether the route reads the database itself (hosted pages, operator
// routes) or through the API (admin and wallet routes); once it is back the
// same sessions and links work again without a restart. A PostgreSQL of this
// test's own (outageRig), as in database-restart.test.ts. next-auth and the
// sandbox OpenID provider: web-sign-in-outage.test.ts.
import { describe, expect, it } from "vitest";
import { newPlatform } from "../../support/api";
import { newCustomer } from "../../support/money";
import { staffBrowser } from "../../support/staff";
import { Web, signUp, verifyOtp } from "../../support/web-customer";
import { expectUnavailable, outageRig, timed, untilReady, type WebAnswer } from "./helpers";

describe("web tier while PostgreSQL is down", () => {
  it(
    "every audience answers 503 with Retry-After in the envelope, then serves again",
    { timeout: 240_000 },
    async () => {
      const rig = await outageRig();
      const { database, instance } = rig;
      try {
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

        const calls: Record<string, () => Promise<WebAnswer>> = {
          staff: () =>
            timed(() =>
              staff.fetch("/api/admin/config", {
                method: "PATCH",
                headers: { "content-type": "application/json", "x-csrf-token": staff.csrf },
                body: JSON.stringify({}),
              }),
            ),
          customer: () => timed(() => customer.raw("GET", "/api/wallet/accounts")),
          public: () =>
            timed(() =>
              customer.raw("POST", "/api/wallet/signin/lookup", JSON.stringify({ email: "someone@example.com" }), {
                "content-type": "application/json",
              }),
            ),
          hosted: () => timed(() => fetch(`${origin}/api/kyc/${kycToken}`)),
          operator: () =>
            timed(() =>
              fetch(`${origin}/api/operator/stablecoins`, { headers: { authorization: `Bearer ${operatorToken}` } }),
            ),
        };
        const before: Record<string, number> = {};
        for (const [name, call] of Object.entries(calls)) before[name] = (await call()).status;
        expect(
          Object.values(before).every((s) => s < 500),
          JSON.stringify(before),
        ).toBe(true);

        await database.stop();
        const during: Record<string, WebAnswer> = {};
        for (const [name, call] of Object.entries(calls)) during[name] = await call();
        await database.start();

        for (const [name, a] of Object.entries(during)) expectUnavailable(a, name);
        // People read the staff and customer answers: words, not the API's message.
        expect(during.customer.body.reason).not.toMatch(/Idempotency-Key/);
        expect(during.staff.body.reason).not.toMatch(/Idempotency-Key/);
        // The operator's scripts and the hosted page quote the request id to support.
        expect(during.operator.headers.get("x-request-id")).toBeTruthy();

        // Back: the same sessions, link and token work without a restart.
        await untilReady(origin);
        const after: Record<string, number> = {};
        for (const [name, call] of Object.entries(calls)) after[name] = (await call()).status;
        expect(after).toEqual(before);
      } finally {
        await rig.close();
      }
    },
  );
});

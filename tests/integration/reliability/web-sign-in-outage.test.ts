// Issue 18, section 2, for the web routes outside lib/bff's route(): next-auth
// (/api/auth/*) and the sandbox OpenID provider (/api/oidc/sandbox/*). While
// PostgreSQL is down, a sign-in (both credentials providers read the database)
// answers 503 with Retry-After in the spec's envelope, fast: never next-auth's
// "sign-in failed", a 500 or a hang. What needs no database (the CSRF token, the
// providers, the session cookie, the sign-in redirect; the OpenID provider's
// discovery, keys and login form) answers as before. Once the database is back,
// staff and customers sign in again without a restart. A PostgreSQL of this
// test's own (outageRig), as in web-tier-outage.test.ts.
import { describe, expect, it } from "vitest";
import { Browser, createStaff } from "../../support/staff";
import { challengePath, signUp, verifyOtp, Web } from "../../support/web-customer";
import { expectUnavailable, outageRig, REQUEST_BOUND_MS, timed, untilReady, type WebAnswer } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("sign-in while PostgreSQL is down", () => {
  it(
    "next-auth answers a sign-in 503 with Retry-After and the rest as before; sign-in works again once it is back",
    { timeout: 240_000 },
    async () => {
      const rig = await outageRig();
      const { database, instance } = rig;
      try {
        const origin = instance.origin;
        const email = `outage-${Date.now()}@example.com`;
        const password = `pw-${Math.random().toString(36).slice(2)}-outage`;
        const made = await createStaff(
          { email, name: "Outage tester", role: "operator", password },
          instance.operatorToken,
          origin,
        );
        expect(made.status, JSON.stringify(made.body)).toBe(201);

        /** A staff sign-in from a fresh browser, as the sign-in form (json) or a plain form post makes it. */
        const staffSignIn = async (json: boolean) => {
          const browser = new Browser(origin);
          const { csrfToken } = (await (await browser.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
          const fields = { csrfToken, email, password, ...(json ? { json: "true" } : {}) };
          const answer = await timed(() =>
            browser.fetch("/api/auth/callback/staff", {
              method: "POST",
              headers: FORM,
              body: new URLSearchParams(fields).toString(),
            }),
          );
          const session = await (await browser.fetch("/api/auth/session")).json();
          return { answer, browser, signedInAs: session?.identity?.email as string | undefined };
        };

        // The customer's browser: a sign-in ticket is bound to the browser that earned it.
        const customer = new Web(origin);
        const enrolled = await signUp(customer);
        const ticket = async (bundle: string): Promise<string> => {
          const verified = await verifyOtp(customer, enrolled.credentialId, bundle);
          expect(verified.second?.status, JSON.stringify(verified.second?.body ?? verified.first.body)).toBe(200);
          return verified.second!.body.ticket;
        };
        const freshTicket = async () => {
          const challenge = await customer.call("POST", challengePath(enrolled.credentialId), {});
          expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
          return ticket(challenge.body.otpEncryptionTargetBundle);
        };
        const customerSignIn = async (t: string) => {
          const { csrfToken } = (await (await customer.raw("GET", "/api/auth/csrf")).json()) as { csrfToken: string };
          return timed(() =>
            customer.raw(
              "POST",
              "/api/auth/callback/customer",
              new URLSearchParams({ csrfToken, ticket: t, json: "true" }).toString(),
              FORM,
            ),
          );
        };
        const customerSignedInAs = async (): Promise<string | undefined> =>
          (await (await customer.raw("GET", "/api/auth/session")).json())?.identity?.customerId;
        const signOutCustomer = () => {
          for (const name of [...customer.cookies.keys()])
            if (name.includes("next-auth.session-token")) customer.cookies.delete(name);
        };

        // Before: both providers sign in.
        const staffBefore = await staffSignIn(true);
        expect(staffBefore.answer.status, JSON.stringify(staffBefore.answer.body)).toBe(200);
        expect(staffBefore.signedInAs).toBe(email);
        const signedIn = staffBefore.browser;
        expect((await customerSignIn(await ticket(enrolled.bundle))).status).toBe(200);
        const customerId = await customerSignedInAs();
        expect(customerId).toBeTruthy();
        signOutCustomer();
        expect(await customerSignedInAs()).toBeUndefined();

        // What needs no database.
        const oidcLogin = new URLSearchParams({
          email: "outage@example.com",
          client_id: "meridian-wallet",
          redirect_uri: "/wallet",
          nonce: "n-outage",
          state: "s-outage",
        }).toString();
        const unaffected: Record<string, () => Promise<WebAnswer>> = {
          csrf: () => timed(() => fetch(`${origin}/api/auth/csrf`)),
          providers: () => timed(() => fetch(`${origin}/api/auth/providers`)),
          session: () => timed(() => signedIn.fetch("/api/auth/session")),
          signInRedirect: () => timed(() => fetch(`${origin}/api/auth/signin`, { redirect: "manual" })),
          oidcDiscovery: () => timed(() => fetch(`${origin}/api/oidc/sandbox/.well-known/openid-configuration`)),
          oidcKeys: () => timed(() => fetch(`${origin}/api/oidc/sandbox/jwks`)),
          oidcLogin: () =>
            timed(() =>
              fetch(`${origin}/api/oidc/sandbox/authorize`, {
                method: "POST",
                redirect: "manual",
                headers: FORM,
                body: oidcLogin,
              }),
            ),
        };
        const probe = async () => {
          const out: Record<string, WebAnswer> = {};
          for (const [name, call] of Object.entries(unaffected)) out[name] = await call();
          return out;
        };
        const shape = (answers: Record<string, WebAnswer>) =>
          Object.fromEntries(
            Object.entries(answers).map(([name, a]) => [
              name,
              { status: a.status, location: a.headers.get("location")?.split("#")[0] ?? null },
            ]),
          );
        const before = await probe();
        expect(before.session.body.identity.email).toBe(email);
        expect(before.oidcLogin.status).toBe(303);
        expect(before.oidcLogin.headers.get("location")).toContain("#id_token=");

        // A ticket earned just before the outage (it lasts 60 s): the customer provider records it as used.
        const pendingTicket = await freshTicket();
        await database.stop();
        const customerDuring = await customerSignIn(pendingTicket);
        const staffDuring = await staffSignIn(true);
        const staffFormDuring = await staffSignIn(false);
        const during = await probe();
        await database.start();

        expectUnavailable(customerDuring, "customer sign-in");
        expectUnavailable(staffDuring.answer, "staff sign-in");
        expectUnavailable(staffFormDuring.answer, "staff sign-in (form post)");
        for (const a of [customerDuring, staffDuring.answer, staffFormDuring.answer]) {
          // Words for people, not the driver's message, and not a redirect to next-auth's error page.
          expect(a.body.reason).not.toMatch(/ECONN|prisma|connect|Idempotency-Key/i);
          expect(a.headers.get("location")).toBeNull();
        }
        expect(staffDuring.signedInAs).toBeUndefined();
        expect(staffFormDuring.signedInAs).toBeUndefined();
        expect(await customerSignedInAs()).toBeUndefined();
        // The rest of next-auth and the OpenID provider answer as before, the session cookie still read.
        expect(shape(during)).toEqual(shape(before));
        expect(during.session.body.identity.email).toBe(email);
        for (const [name, a] of Object.entries(during)) expect(a.ms, name).toBeLessThan(REQUEST_BOUND_MS);

        // Back, without a restart: both providers sign in again.
        await untilReady(origin);
        const staffAfter = await staffSignIn(true);
        expect(staffAfter.answer.status, JSON.stringify(staffAfter.answer.body)).toBe(200);
        expect(staffAfter.signedInAs).toBe(email);
        expect((await customerSignIn(await freshTicket())).status).toBe(200);
        expect(await customerSignedInAs()).toBe(customerId);
        expect(shape(await probe())).toEqual(shape(before));
      } finally {
        await rig.close();
      }
    },
  );
});

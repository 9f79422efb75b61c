// Throttling of failed attempts (API secrets, staff passwords, OTP codes and
// challenges, device codes) and the per-platform request rate limit, on two
// instances sharing one database, behind a trusted proxy so each test can speak
// from several source addresses (X-Forwarded-For).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newPlatform, server, type ApiResponse } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { bundleSigner, newWalletCustomer, otpLogin } from "../../support/wallet";
import { newClientKey, otpBundle } from "../../support/wallet-client";

const WINDOW_SECONDS = 15;
const RATE_LIMIT = 40;
const RATE_WINDOW_SECONDS = 60;
const env = {
  // One key for both instances, as a deployment shares it (OTP target keys are derived from it).
  MERIDIAN_SECRET_KEY: "5f0c1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff",
  MERIDIAN_TRUST_PROXY: "1",
  MERIDIAN_AUTH_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  MERIDIAN_RATE_LIMIT: `${RATE_LIMIT}/${RATE_WINDOW_SECONDS}`,
};

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer(server().mode, env);
  b = await startTestServer(server().mode, env, { databaseUrl: a.databaseUrl });
}, 180_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

let addressCounter = 0;
/** A fresh documentation address (RFC 5737), so tests do not share budgets. */
function newAddress(): string {
  addressCounter++;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

const from = (address: string) => ({ "x-forwarded-for": address });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function on(target: TestServer, api: ApiClient): ApiClient {
  return new ApiClient(target.baseUrl, api.clientId, api.clientSecret, api.platformId);
}

function expectRateLimited(res: ApiResponse): void {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toMatchObject({ code: "RATE_LIMITED" });
  expect(typeof res.body.reason).toBe("string");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(res.body.details.retryAfterSeconds).toBe(retryAfter);
}

describe("wrong API secrets", () => {
  it(
    "are refused with 429 after the budget of one client id from one " +
      "address, on both instances, before any scrypt; other addresses keep " +
      "working; the window ends",
    { timeout: 120_000 },
    async () => {
      const api = await newPlatform("secret guessing", a);
      const attacker = newAddress();
      // Distinct guesses: concurrent checks of one same credential share a single verification.
      const wrong = (i = 0) => ({ clientId: api.clientId, clientSecret: `msk_wrong_secret_for_throttle_test_${i}` });
      // 10 failures spread over the two instances.
      const failing = performance.now();
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          on(i % 2 ? b : a, api).get("/config", { auth: wrong(i), headers: from(attacker) }),
        ),
      );
      expect(failures.map((r) => r.status)).toEqual(new Array(10).fill(401));
      const scryptElapsed = performance.now() - failing;

      const started = performance.now();
      const throttled = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          on(b, api).get("/config", { auth: wrong(100 + i), headers: from(attacker) }),
        ),
      );
      const elapsed = performance.now() - started;
      for (const r of throttled) expectRateLimited(r);
      // Even the right secret from the guessing address waits for the window.
      expectRateLimited(await on(a, api).get("/config", { headers: from(attacker) }));
      // Refused before the scrypt: 20 refusals take less time than the 10 checks that failed.
      expect(elapsed).toBeLessThan(scryptElapsed);

      // The right credential from another address works on both instances.
      expect((await on(a, api).get("/config", { headers: from(newAddress()) })).status).toBe(200);
      expect((await on(b, api).get("/config", { headers: from(newAddress()) })).status).toBe(200);

      // No permanent lockout: after the window the guessing address may try again.
      await sleep(WINDOW_SECONDS * 1000 + 500);
      expect((await on(a, api).get("/config", { auth: wrong(200), headers: from(attacker) })).status).toBe(401);
    },
  );

  it(
    "a client id guessed from many addresses is refused from everywhere once its identity budget is spent",
    { timeout: 120_000 },
    async () => {
      const api = await newPlatform("distributed guessing", a);
      const wrong = (i: number) => ({ clientId: api.clientId, clientSecret: `msk_distributed_wrong_secret_${i}` });
      for (let round = 0; round < 5; round++) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            on(i % 2 ? a : b, api).get("/config", { auth: wrong(round * 10 + i), headers: from(newAddress()) }),
          ),
        );
        expect(batch.map((r) => r.status)).toEqual(new Array(10).fill(401));
      }
      expectRateLimited(await on(a, api).get("/config", { auth: wrong(99), headers: from(newAddress()) }));
      // Identity budget spent: the right secret from a new address waits for the window too (no cached check here yet).
      expectRateLimited(await on(b, api).get("/config", { headers: from(newAddress()) }));
    },
  );
});

async function signInStaff(
  target: TestServer,
  email: string,
  password: string,
  address: string,
): Promise<{ ok: boolean; error: string | null }> {
  const cookies = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${target.origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        ...from(address),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return res;
  };
  const { csrfToken } = (await (await call("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await call("/api/auth/callback/staff", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
  });
  const { url } = (await res.json()) as { url: string };
  return { ok: res.status === 200, error: new URL(url).searchParams.get("error") };
}

describe("staff password sign-in", () => {
  it(
    "pauses an email after 5 wrong passwords from one address, even for the " +
      "right one there; elsewhere the right password works",
    { timeout: 120_000 },
    async () => {
      const email = `throttled-${Date.now()}@example.com`;
      const password = `right-password-${Date.now()}`;
      const made = await fetch(`${a.origin}/api/operator/staff`, {
        method: "POST",
        headers: { authorization: `Bearer ${a.operatorToken}`, "content-type": "application/json" },
        body: JSON.stringify({ email, name: "Throttled Staff", role: "viewer", password }),
      });
      expect(made.status).toBe(201);
      const attacker = newAddress();
      for (let i = 0; i < 5; i++) {
        expect(await signInStaff(i % 2 ? b : a, email, `wrong-password-${i}`, attacker)).toEqual({
          ok: false,
          error: "CredentialsSignin",
        });
      }
      expect(await signInStaff(b, email, password, attacker)).toEqual({ ok: false, error: "RATE_LIMITED" });
      expect(await signInStaff(a, email, `wrong-password-again`, attacker)).toEqual({
        ok: false,
        error: "RATE_LIMITED",
      });
      expect((await signInStaff(a, email, password, newAddress())).ok).toBe(true);
    },
  );
});

describe("OTP codes and challenges", () => {
  it(
    "a re-challenge does not refill the 5-guess budget, and re-challenges are limited per credential",
    { timeout: 120_000 },
    async () => {
      const api = on(a, await newPlatform("otp guessing", a));
      const c = await newWalletCustomer(api);
      const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
      const id = created.body.id;
      const guess = async (code: string, bundle: string) =>
        api.post(`/auth/credentials/${id}/verify`, {
          type: "EMAIL_OTP",
          encryptedOtpBundle: await otpBundle(code, bundle, newClientKey(), bundleSigner(bundle)),
        });
      const bundle = created.body.otpEncryptionTargetBundle as string;
      for (let i = 0; i < 3; i++) expect((await guess(`00000${i + 1}`, bundle)).body.reason).toBe("Invalid OTP code");
      const challenged = await api.post(`/auth/credentials/${id}/challenge`, {});
      expect(challenged.status).toBe(200);
      const next = challenged.body.otpEncryptionTargetBundle as string;
      for (let i = 3; i < 5; i++) expect((await guess(`00000${i + 1}`, next)).body.reason).toBe("Invalid OTP code");
      // Five wrong guesses in all: the right code is refused too, until the window ends.
      expectRateLimited(await guess("000000", next));
      const again = await api.post(`/auth/credentials/${id}/challenge`, {});
      expect(again.status).toBe(200);
      expectRateLimited(await guess("000000", again.body.otpEncryptionTargetBundle));

      // Challenges: at most 5 codes pending per credential (one made above), on either instance.
      const onB = on(b, api);
      let last = again.body.otpEncryptionTargetBundle as string;
      for (let i = 1; i < 5; i++) {
        const r = await (i % 2 ? onB : api).post(`/auth/credentials/${id}/challenge`, {});
        expect(r.status).toBe(200);
        last = r.body.otpEncryptionTargetBundle as string;
      }
      expectRateLimited(await onB.post(`/auth/credentials/${id}/challenge`, {}));

      await sleep(WINDOW_SECONDS * 1000 + 500);
      const session = await otpLogin(api, id, "EMAIL_OTP", last);
      expect(session.body.type).toBe("EMAIL_OTP");
    },
  );
});

describe("agent device-code redemption", () => {
  it(
    "unknown codes from one address are refused with 429 after 30; another address still redeems",
    { timeout: 120_000 },
    async () => {
      const api = on(a, await newPlatform("device codes", a));
      const customer = await api.post("/customers", {
        customerType: "INDIVIDUAL",
        fullName: "Agent Owner",
        currencies: ["USD"],
      });
      const agent = await api.post("/agents", {
        name: "Bookkeeper",
        customerId: customer.body.id,
        policy: {
          permissions: ["VIEW_TRANSACTIONS"],
          defaultExecutionMode: "AUTO",
          spendingLimits: {
            currency: "USD",
            perTransactionLimit: 100,
            dailyLimit: 100,
            dailyTransactionLimit: 1,
            monthlyLimit: 100,
          },
        },
      });
      expect(agent.status, agent.text).toBe(201);
      const attacker = newAddress();
      const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ2345679";
      const randomCode = () =>
        Array.from(
          { length: 8 },
          (_, i) => (i === 4 ? "-" : "") + alphabet[Math.floor(Math.random() * alphabet.length)],
        ).join("");
      const misses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          on(i % 2 ? b : a, api).post(`/agents/device-codes/${randomCode()}/redeem`, undefined, {
            auth: "none",
            headers: from(attacker),
          }),
        ),
      );
      expect(misses.map((r) => r.status)).toEqual(new Array(30).fill(404));
      // A code that could never have been issued is not a guess: 404, not counted.
      expect(
        (await api.post(`/agents/device-codes/NOPE-NOPE/redeem`, undefined, { auth: "none", headers: from(attacker) }))
          .status,
      ).toBe(404);
      expectRateLimited(
        await on(b, api).post(`/agents/device-codes/${agent.body.deviceCode.code}/redeem`, undefined, {
          auth: "none",
          headers: from(attacker),
        }),
      );
      const redeemed = await api.post(`/agents/device-codes/${agent.body.deviceCode.code}/redeem`, undefined, {
        auth: "none",
        headers: from(newAddress()),
      });
      expect(redeemed.status, redeemed.text).toBe(200);
      expect(redeemed.body.accessToken).toMatch(/^mat_/);
    },
  );
});

describe("per-platform request rate limit", () => {
  it(
    "sends RateLimit headers and answers 429 RATE_LIMITED once the " +
      "platform's requests on both instances reach the limit",
    { timeout: 120_000 },
    async () => {
      const api = await newPlatform("rate limited", a);
      const other = await newPlatform("not rate limited", a);
      const statuses: number[] = [];
      let limited: ApiResponse | undefined;
      for (let i = 0; i < RATE_LIMIT + 6; i++) {
        const res = await on(i % 2 ? b : a, api).get("/config");
        statuses.push(res.status);
        if (i === 0) {
          expect(res.headers.get("ratelimit-limit")).toBe(String(RATE_LIMIT));
          expect(res.headers.get("ratelimit-remaining")).toBe(String(RATE_LIMIT - 1));
          const reset = Number(res.headers.get("ratelimit-reset"));
          expect(reset > 0 && reset <= RATE_WINDOW_SECONDS).toBe(true);
        }
        if (res.status === 429) limited ??= res;
        await sleep(250); // past each instance's sync, so both know the other's count
      }
      const admitted = statuses.filter((s) => s === 200).length;
      expect(admitted).toBeGreaterThanOrEqual(RATE_LIMIT);
      expect(admitted).toBeLessThanOrEqual(RATE_LIMIT + 1);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expectRateLimited(limited!);
      expect(limited!.headers.get("ratelimit-remaining")).toBe("0");
      // The limit is per platform.
      expect((await on(b, other).get("/config")).status).toBe(200);
    },
  );
});

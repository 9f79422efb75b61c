// The public sign-in and sign-up BFF routes (app/api/wallet/{signin,signup,
// enroll,credentials/{id}/challenge,credentials/{id}/verify}) reveal nothing
// about which accounts exist, cannot be used to cancel someone else's code,
// and hand out sign-in tickets that work once, in the browser that earned them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { server } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { bundleSigner } from "../../support/wallet";
import { newClientKey, otpBundle, stamp } from "../../support/wallet-client";
import { challengePath, email, signUp, verifyOtp, verifyPath, Web } from "../../support/web-customer";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../../lib/kernel/signed-retry-headers";

const shape = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(shape)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .map(([k, x]) => [k, shape(x)])
            .sort(),
        )
      : typeof v;

describe("sign-in lookup, challenge and verify reveal nothing about accounts (sandbox)", () => {
  it("an unknown email gets the same 200 shape from lookup, challenge and a failed verify as an existing one", async () => {
    const web = new Web(server().origin);
    const real = await signUp(web);
    const known = await web.call("POST", "/api/wallet/signin/lookup", { email: real.email });
    const unknownEmail = email();
    const unknown = await web.call("POST", "/api/wallet/signin/lookup", { email: unknownEmail });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(shape(unknown.body)).toEqual(shape(known.body));
    expect(unknown.body.credentials.map((c: { type: string }) => c.type)).toEqual(["EMAIL_OTP"]);
    // Stable: the same unknown address names the same credential every time.
    expect((await web.call("POST", "/api/wallet/signin/lookup", { email: unknownEmail })).body).toEqual(unknown.body);
    expect(unknown.body.credentials[0].id).toMatch(/^AuthMethod:[0-9a-f-]{36}$/);

    const realCh = await web.call("POST", challengePath(known.body.credentials[0].id), {});
    const fakeCh = await web.call("POST", challengePath(unknown.body.credentials[0].id), {});
    expect([realCh.status, fakeCh.status]).toEqual([200, 200]);
    expect(shape(fakeCh.body)).toEqual(shape(realCh.body));
    expect(shape(JSON.parse(fakeCh.body.otpEncryptionTargetBundle))).toEqual(
      shape(JSON.parse(realCh.body.otpEncryptionTargetBundle)),
    );

    // A wrong code on the real account and the right sandbox code on the decoy fail alike.
    const wrong = await verifyOtp(web, known.body.credentials[0].id, realCh.body.otpEncryptionTargetBundle, "999999");
    const fake = await verifyOtp(web, unknown.body.credentials[0].id, fakeCh.body.otpEncryptionTargetBundle);
    expect(wrong.first.status).toBe(401);
    expect({ status: fake.first.status, body: fake.first.body }).toEqual({
      status: wrong.first.status,
      body: wrong.first.body,
    });
    expect(fake.first.body.reason).not.toMatch(/not found|no account|sign up/i);
  });

  it("signing up with an email that already has an account answers like a new sign-up and changes nothing", async () => {
    const web = new Web(server().origin);
    const real = await signUp(web);
    const fresh = await web.call("POST", "/api/wallet/signup", { fullName: "Nora New", email: email() });
    const again = await web.call("POST", "/api/wallet/signup", {
      fullName: "Mallory",
      email: real.email.toUpperCase(),
    });
    expect([fresh.status, again.status]).toEqual([201, 201]);
    expect(shape(again.body)).toEqual(shape(fresh.body));
    expect(again.body.enrollment.length).toBe(fresh.body.enrollment.length);
    const freshCred = await web.call("POST", "/api/wallet/enroll", {
      enrollment: fresh.body.enrollment,
      credential: { type: "EMAIL_OTP" },
    });
    const dupCred = await web.call("POST", "/api/wallet/enroll", {
      enrollment: again.body.enrollment,
      credential: { type: "EMAIL_OTP" },
    });
    expect([freshCred.status, dupCred.status]).toEqual([201, 201]);
    expect(shape(dupCred.body)).toEqual(shape(freshCred.body));
    const attempt = await verifyOtp(web, dupCred.body.id, dupCred.body.otpEncryptionTargetBundle);
    expect(attempt.first.status).toBe(401);

    const db = new pg.Client({ connectionString: server().databaseUrl });
    await db.connect();
    try {
      const rows = await db.query(
        "SELECT l.customer_id, c.profile->>'fullName' AS full_name FROM " +
          "web_customer_logins l JOIN customers c ON c.id = l.customer_id WHERE " +
          "l.email = $1",
        [real.email],
      );
      expect(rows.rows).toEqual([{ customer_id: expect.any(String), full_name: "Ella Enum" }]);
    } finally {
      await db.end();
    }
  });
});

describe("OTP re-challenges (sandbox)", () => {
  it("a re-challenge by someone else leaves the pending code usable; the fourth within five minutes is throttled alike for real and unknown accounts", async () => {
    const owner = new Web(server().origin);
    const real = await signUp(owner);
    const ownerBundle = (await owner.call("POST", challengePath(real.credentialId), {})).body.otpEncryptionTargetBundle;
    const stranger = new Web(server().origin);
    const rechallenge = await stranger.call("POST", challengePath(real.credentialId), {});
    expect(rechallenge.status).toBe(200);
    const signedIn = await verifyOtp(owner, real.credentialId, ownerBundle);
    expect(signedIn.first.status).toBe(202);
    expect(signedIn.second?.status).toBe(200);

    const decoyId = (await stranger.call("POST", "/api/wallet/signin/lookup", { email: email() })).body.credentials[0]
      .id;
    const fresh = await signUp(owner);
    for (const id of [fresh.credentialId, decoyId]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await stranger.call("POST", challengePath(id), {})).status);
      expect(statuses, id).toEqual([200, 200, 200, 429]);
    }
    const a = await stranger.call("POST", challengePath(fresh.credentialId), {});
    const b = await stranger.call("POST", challengePath(decoyId), {});
    expect({ status: b.status, code: b.body.code }).toEqual({ status: a.status, code: a.body.code });
    expect(a.body.code).toBe("RATE_LIMITED");
    expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(b.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("sign-in tickets", () => {
  it("work once, and only in the browser that completed the verify", async () => {
    const browser = new Web(server().origin);
    const real = await signUp(browser);
    const done = await verifyOtp(browser, real.credentialId, real.bundle);
    expect(done.second?.status).toBe(200);
    const ticket = done.second!.body.ticket as string;

    const thief = new Web(server().origin);
    expect(await thief.useTicket(ticket)).toBeUndefined();
    const identity = await browser.useTicket(ticket);
    expect(identity?.customerId).toMatch(/^Customer:/);

    const sameBrowserLater = new Web(server().origin);
    sameBrowserLater.cookies = new Map([...browser.cookies].filter(([k]) => !k.includes("next-auth")));
    expect(await sameBrowserLater.useTicket(ticket)).toBeUndefined();
  });
});

describe("signed retries name only their own wallet's challenges", () => {
  it("a retry naming another wallet's pending challenge is refused and leaves that challenge usable", async () => {
    const victim = new Web(server().origin);
    const v = await signUp(victim);
    const key = newClientKey();
    const body = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("000000", v.bundle, key, bundleSigner(v.bundle)),
    };
    const first = await victim.call("POST", verifyPath(v.credentialId), body);
    expect(first.status).toBe(202);

    const attacker = new Web(server().origin);
    const a = await signUp(attacker);
    const akey = newClientKey();
    const abody = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("000000", a.bundle, akey, bundleSigner(a.bundle)),
    };
    const hijack = await attacker.call("POST", verifyPath(a.credentialId), abody, {
      [WALLET_SIGNATURE_HEADER]: await stamp(akey, first.body.payloadToSign),
      [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
    });
    expect(hijack.status).toBe(401);

    const retry = await victim.call("POST", verifyPath(v.credentialId), body, {
      [WALLET_SIGNATURE_HEADER]: await stamp(key, first.body.payloadToSign),
      [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  });
});

describe("outside the sandbox: codes go only to existing accounts, and a duplicate sign-up tells the owner", () => {
  let prod: TestServer;
  let dir: string;
  let file: string;
  const sent = (): { channel: string; to: string; code: string; notice?: string }[] =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "meridian-enum-"));
    file = join(dir, "otp.jsonl");
    prod = await startTestServer(server().mode, {
      MERIDIAN_ENVIRONMENT: "production",
      MERIDIAN_OTP_SENDER: "record",
      MERIDIAN_OTP_RECORD_FILE: file,
    });
  }, 120_000);
  afterAll(async () => {
    expect(await prod?.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a code for a real account's challenge, nothing for an unknown one, and a notice instead of a second account", async () => {
    const web = new Web(prod.origin);
    const owner = await signUp(web);
    const enrolCode = sent().filter((m) => m.to === owner.email);
    expect(enrolCode).toHaveLength(1);
    expect(enrolCode[0].code).toMatch(/^\d{6}$/);

    const unknownEmail = email();
    const decoy = (await web.call("POST", "/api/wallet/signin/lookup", { email: unknownEmail })).body.credentials[0];
    expect((await web.call("POST", challengePath(decoy.id), {})).status).toBe(200);
    expect(sent().filter((m) => m.to === unknownEmail)).toEqual([]);

    const dup = await web.call("POST", "/api/wallet/signup", { fullName: "Mallory", email: owner.email });
    expect(dup.status).toBe(201);
    const notices = sent().filter((m) => m.to === owner.email && m.notice);
    expect(notices).toHaveLength(1);
    expect(notices[0].notice).toMatch(/already has an account/);
    expect(notices[0].code).toBe("");
    const dupCred = await web.call("POST", "/api/wallet/enroll", {
      enrollment: dup.body.enrollment,
      credential: { type: "EMAIL_OTP" },
    });
    expect(dupCred.status).toBe(201);
    expect(sent().filter((m) => m.to === owner.email && !m.notice)).toHaveLength(1);
  });
});

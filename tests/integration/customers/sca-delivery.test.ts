// Outside the sandbox (MERIDIAN_ENVIRONMENT=production) contact-verification
// and SCA codes are random and go out through the OTP sender that wallet OTP
// credentials use; the sandbox's fixed code is refused. The server here
// records messages to a file (MERIDIAN_OTP_SENDER=record + MERIDIAN_OTP_RECORD_FILE).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlatform, server, type ApiClient } from "../../support/api";
import { startTestServer, type TestServer } from "../../support/server";
import { fund, internalAccount, newCustomer } from "../../support/money";
import { CODE } from "./sca-support";

interface Sent {
  channel: "EMAIL" | "SMS";
  to: string;
  code: string;
}

describe("one-time codes outside the sandbox", () => {
  let prod: TestServer;
  let api: ApiClient;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "meridian-otp-"));
    file = join(dir, "otp.jsonl");
    prod = await startTestServer(server().mode, {
      MERIDIAN_ENVIRONMENT: "production",
      MERIDIAN_OTP_SENDER: "record",
      MERIDIAN_OTP_RECORD_FILE: file,
    });
    api = await newPlatform("Production platform", prod);
  }, 120_000);

  afterAll(async () => {
    expect(await prod?.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  function sent(): Sent[] {
    return existsSync(file)
      ? readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Sent)
      : [];
  }
  function lastTo(to: string): Sent {
    const m = sent()
      .filter((s) => s.to === to)
      .at(-1);
    if (!m) throw new Error(`nothing was sent to ${to}`);
    return m;
  }

  it("email and phone verification codes are delivered via the sender and 123456 is refused", async () => {
    const email = `prod.${Date.now()}@example.com`;
    const phone = "+33698765432";
    const c = await api.post("/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Paula Prod",
      region: "FR",
      email,
      phoneNumber: phone,
      currencies: ["USD"],
    });
    expect(c.status).toBe(201);

    expect((await api.post(`/customers/${c.body.id}/verify-email`)).status).toBe(204);
    const mail = lastTo(email);
    expect(mail).toMatchObject({ channel: "EMAIL", code: expect.stringMatching(/^\d{6}$/) });
    expect(mail.code).not.toBe(CODE);
    const fixed = await api.post(`/customers/${c.body.id}/verify-email/confirm`, { code: CODE });
    expect(fixed.status).toBe(401);
    expect(
      (await api.post(`/customers/${c.body.id}/verify-email/confirm`, { code: mail.code })).body.contactVerification
        .email,
    ).toBe("VERIFIED");

    expect((await api.post(`/customers/${c.body.id}/verify-phone`)).status).toBe(204);
    const sms = lastTo(phone);
    expect(sms.channel).toBe("SMS");
    expect((await api.post(`/customers/${c.body.id}/verify-phone/confirm`, { code: CODE })).status).toBe(401);
    expect((await api.post(`/customers/${c.body.id}/verify-phone/confirm`, { code: sms.code })).status).toBe(200);

    // SCA login and a quote's challenge: SMS to the verified phone.
    const start = await api.post(`/sca/login/start?customerId=${c.body.id}`, { factor: "SMS_OTP" });
    const loginCode = lastTo(phone).code;
    const body = { factor: "SMS_OTP", endUserIpAddress: "203.0.113.9", challengeId: start.body.challengeId };
    expect((await api.post(`/sca/login/complete?customerId=${c.body.id}`, { ...body, code: CODE })).status).toBe(401);
    expect((await api.post(`/sca/login/complete?customerId=${c.body.id}`, { ...body, code: loginCode })).status).toBe(
      200,
    );

    const account = await internalAccount(api, c.body.id);
    await fund(api, account, 10_000);
    const payee = await internalAccount(api, (await newCustomer(api, ["USD"], "Pat Payee")).id);
    const q = await api.post("/quotes", {
      source: { sourceType: "ACCOUNT", accountId: account },
      destination: { destinationType: "ACCOUNT", accountId: payee },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 100,
    });
    const before = sent().length;
    expect((await api.post(`/quotes/${q.body.id}/execute`)).body.status).toBe("PENDING_AUTHORIZATION");
    expect(sent()).toHaveLength(before + 1);
    expect((await api.post(`/quotes/${q.body.id}/authorize/resend`)).status).toBe(204);
    expect(sent()).toHaveLength(before + 2);
    expect((await api.post(`/quotes/${q.body.id}/authorize`, { code: CODE })).status).toBe(401);
    const ok = await api.post(`/quotes/${q.body.id}/authorize`, { code: lastTo(phone).code });
    expect(ok.status).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(ok.body.status);

    // TOTP: only a real authenticator code, never the sandbox one.
    const enroll = await api.post(`/sca/factors?customerId=${c.body.id}`, { type: "TOTP" });
    expect(
      (
        await api.post(`/sca/factors/confirm?customerId=${c.body.id}`, {
          type: "TOTP",
          secret: enroll.body.secret,
          code: CODE,
        })
      ).status,
    ).toBe(401);
  });
});

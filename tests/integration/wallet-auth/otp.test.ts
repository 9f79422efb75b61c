// EMAIL_OTP / SMS_OTP login: signed target bundle, HPKE bundle, 202, signed
// retry with the key inside the bundle, 200 AuthSession. Client side is
// @turnkey/crypto + @turnkey/api-key-stamper.
import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatHpkeBuf, hpkeEncrypt } from "@turnkey/crypto";
import { database, newPlatform } from "../../support/api";
import { bundleSigner, newWalletCustomer, otpLogin } from "../../support/wallet";
import { newClientKey, otpBundle, retryHeaders, stamp } from "../../support/wallet-client";

const SPKI_UNCOMPRESSED = "3059301306072a8648ce3d020106082a8648ce3d030107034200";

describe("OTP credentials", () => {
  it("registers the first EMAIL_OTP credential with a signed target bundle and logs in with the Turnkey clients", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ accountId: c.accountId, type: "EMAIL_OTP", nickname: c.email });
    expect(created.body.id).toMatch(/^AuthMethod:[0-9a-f-]{36}$/);

    // The bundle: {version, data, dataSignature, enclaveQuorumPublic}, data = hex JSON with an uncompressed
    // targetPublic, signed over its raw bytes.
    const bundle = JSON.parse(created.body.otpEncryptionTargetBundle);
    expect(Object.keys(bundle)).toEqual(["version", "data", "dataSignature", "enclaveQuorumPublic"]);
    const data = Buffer.from(bundle.data, "hex");
    expect(JSON.parse(data.toString()).targetPublic).toMatch(/^04[0-9a-f]{128}$/);
    const signer = createPublicKey({
      key: Buffer.from(SPKI_UNCOMPRESSED + bundle.enclaveQuorumPublic, "hex"),
      format: "der",
      type: "spki",
    });
    expect(verify("sha256", data, signer, Buffer.from(bundle.dataSignature, "hex"))).toBe(true);

    const key = newClientKey();
    const body = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle(
        "000000",
        created.body.otpEncryptionTargetBundle,
        key,
        bundle.enclaveQuorumPublic,
      ),
    };
    const first = await api.post(`/auth/credentials/${created.body.id}/verify`, body);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({
      type: "EMAIL_OTP",
      requestId: expect.stringMatching(/^Request:[0-9a-f-]{36}$/),
    });
    expect(typeof first.body.payloadToSign).toBe("string");
    expect(Date.parse(first.body.expiresAt)).toBeGreaterThan(Date.now());

    const done = await api.post(`/auth/credentials/${created.body.id}/verify`, body, {
      headers: await retryHeaders(key, first.body),
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ accountId: c.accountId, type: "EMAIL_OTP", nickname: c.email });
    expect(done.body.id).toMatch(/^Session:/);
    expect(done.body.encryptedSessionSigningKey).toBeUndefined();
    const ttl = Date.parse(done.body.expiresAt) - Date.parse(done.body.createdAt);
    expect(ttl).toBe(15 * 60 * 1000);

    // Only the session's public key is stored: the compressed key from the bundle.
    const { rows } = await database().query("SELECT public_key FROM wallet_sessions WHERE id = $1", [
      done.body.id.split(":")[1],
    ]);
    expect(rows[0].public_key).toBe(key.publicKey);

    const list = await api.get(`/auth/sessions?accountId=${c.accountId}`);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([done.body.id]);
    expect(list.body.data[0].encryptedSessionSigningKey).toBeUndefined();
  });

  it("accepts the uncompressed public_key form and the no-verification hpkeEncrypt path", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    const target = JSON.parse(
      Buffer.from(JSON.parse(created.body.otpEncryptionTargetBundle).data, "hex").toString(),
    ).targetPublic;
    const key = newClientKey();
    const plainTextBuf = new TextEncoder().encode(
      JSON.stringify({ otp_code: "000000", public_key: key.publicKeyUncompressed }),
    );
    const body = {
      type: "EMAIL_OTP",
      encryptedOtpBundle: formatHpkeBuf(hpkeEncrypt({ plainTextBuf, targetKeyBuf: Buffer.from(target, "hex") })),
    };
    const first = await api.post(`/auth/credentials/${created.body.id}/verify`, body);
    expect(first.status, first.text).toBe(202);
    const done = await api.post(`/auth/credentials/${created.body.id}/verify`, body, {
      headers: await retryHeaders(key, first.body),
    });
    expect(done.status, done.text).toBe(200);
  });

  it("SMS_OTP works the same way, with a fresh target key per challenge", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api, { email: null });
    const created = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: c.accountId });
    expect(created.status, created.text).toBe(201);
    expect(created.body.nickname).toBe(c.phoneNumber);
    const again = await api.post(`/auth/credentials/${created.body.id}/challenge`, {});
    expect(again.status).toBe(200);
    const t1 = JSON.parse(created.body.otpEncryptionTargetBundle).data;
    const t2 = JSON.parse(again.body.otpEncryptionTargetBundle).data;
    expect(t1).not.toBe(t2);
    // A re-challenge cancels no pending code (whoever asked for it): both bundles open, each once.
    const earlier = await otpLogin(api, created.body.id, "SMS_OTP", created.body.otpEncryptionTargetBundle);
    expect(earlier.body.type).toBe("SMS_OTP");
    const session = await otpLogin(api, created.body.id, "SMS_OTP", again.body.otpEncryptionTargetBundle);
    expect(session.body.type).toBe("SMS_OTP");
    const key = newClientKey();
    const reused = await api.post(`/auth/credentials/${created.body.id}/verify`, {
      type: "SMS_OTP",
      encryptedOtpBundle: await otpBundle(
        "000000",
        created.body.otpEncryptionTargetBundle,
        key,
        bundleSigner(created.body.otpEncryptionTargetBundle),
      ),
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("UNAUTHORIZED");
  });

  it("rejects a wrong code, a tampered bundle, a malformed bundle, reuse of a code and a stamp by another key", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    const id = created.body.id;
    const challenge = async () =>
      (await api.post(`/auth/credentials/${id}/challenge`, {})).body.otpEncryptionTargetBundle as string;

    const key = newClientKey();
    let tb = await challenge();
    const wrong = await api.post(`/auth/credentials/${id}/verify`, {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("123456", tb, key, bundleSigner(tb)),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: "UNAUTHORIZED", reason: "Invalid OTP code", message: "Invalid OTP code" });

    const good = JSON.parse(await otpBundle("000000", tb, key, bundleSigner(tb)));
    const flipped = Buffer.from(good.ciphertext, "hex");
    flipped[10] ^= 0x01;
    const tampered = await api.post(`/auth/credentials/${id}/verify`, {
      type: "EMAIL_OTP",
      encryptedOtpBundle: JSON.stringify({ ...good, ciphertext: flipped.toString("hex") }),
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.code).toBe("UNAUTHORIZED");
    expect(tampered.body.reason).toMatch(/could not be decrypted/);

    const malformed = await api.post(`/auth/credentials/${id}/verify`, {
      type: "EMAIL_OTP",
      encryptedOtpBundle: "not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("INVALID_INPUT");
    expect(malformed.body.details.errors[0].field).toBe("encryptedOtpBundle");

    const wrongType = await api.post(`/auth/credentials/${id}/verify`, {
      type: "SMS_OTP",
      encryptedOtpBundle: JSON.stringify(good),
    });
    expect(wrongType.status).toBe(400);

    // The good bundle opens once; a second submission finds its code no longer pending.
    const body = { type: "EMAIL_OTP", encryptedOtpBundle: JSON.stringify(good) };
    const first = await api.post(`/auth/credentials/${id}/verify`, body);
    expect(first.status, first.text).toBe(202);
    const replay = await api.post(`/auth/credentials/${id}/verify`, body);
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toMatch(/could not be decrypted with a pending OTP target key/);

    // The retry must be stamped with the key inside the bundle, not any other.
    const intruder = newClientKey();
    const other = await api.post(`/auth/credentials/${id}/verify`, body, {
      headers: await retryHeaders(intruder, first.body),
    });
    expect(other.status).toBe(401);
    expect(other.body.code).toBe("WALLET_SIGNATURE_INVALID");
    // ... and that consumed the challenge.
    const late = await api.post(`/auth/credentials/${id}/verify`, body, {
      headers: await retryHeaders(key, first.body),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("INVALID_SIGNATURE");

    // A stamp over a different payload by the right key is still invalid.
    tb = await challenge();
    const body2 = { type: "EMAIL_OTP", encryptedOtpBundle: await otpBundle("000000", tb, key, bundleSigner(tb)) };
    const f2 = await api.post(`/auth/credentials/${id}/verify`, body2);
    const bad = await api.post(`/auth/credentials/${id}/verify`, body2, {
      headers: {
        "Service-Wallet-Signature": await stamp(key, `${f2.body.payloadToSign} `),
        "Request-Id": f2.body.requestId,
      },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("WALLET_SIGNATURE_INVALID");
  });

  it("answers 400 MISSING_MANDATORY_USER_INFO without a contact, 404 for unknown or foreign ids, 409 for non-wallet accounts", async () => {
    const api = await newPlatform();
    const other = await newPlatform();
    const c = await newWalletCustomer(api, { email: null, phoneNumber: null });
    const noEmail = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.code).toBe("MISSING_MANDATORY_USER_INFO");
    const noPhone = await api.post("/auth/credentials", { type: "SMS_OTP", accountId: c.accountId });
    expect(noPhone.body.code).toBe("MISSING_MANDATORY_USER_INFO");
    const foreign = await other.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    expect(foreign.status).toBe(404);
    const fiat = (await api.get(`/customers/internal-accounts?customerId=${c.customerId}&type=INTERNAL_FIAT`)).body
      .data[0];
    const notWallet = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: fiat.id });
    expect(notWallet.status).toBe(409);
    expect(notWallet.body.code).toBe("WALLET_NOT_PROVISIONED");
    const invalid = await api.post("/auth/credentials", { type: "FAX", accountId: "nope" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_INPUT");
    const badId = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: "nope" });
    expect(badId.status).toBe(400);
    expect(badId.body.details.errors[0].field).toBe("accountId");
    expect(
      (await api.post("/auth/credentials/AuthMethod:00000000-0000-7000-8000-000000000000/challenge", {})).status,
    ).toBe(404);
  });
});

describe("OTP guessing", () => {
  it("caps the codes pending at once: a further challenge is 429 RATE_LIMITED with Retry-After, and the earlier codes still work", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    const id = created.body.id;
    for (let i = 0; i < 4; i++) expect((await api.post(`/auth/credentials/${id}/challenge`, {})).status).toBe(200);
    const capped = await api.post(`/auth/credentials/${id}/challenge`, {});
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe("RATE_LIMITED");
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    const session = await otpLogin(api, id, "EMAIL_OTP", created.body.otpEncryptionTargetBundle);
    expect(session.body.type).toBe("EMAIL_OTP");
    expect((await api.post(`/auth/credentials/${id}/challenge`, {})).status).toBe(200);
  });

  it("after 5 failed attempts refuses even the right code (429), and a new challenge does not refill the budget", async () => {
    const api = await newPlatform();
    const c = await newWalletCustomer(api);
    const created = await api.post("/auth/credentials", { type: "EMAIL_OTP", accountId: c.accountId });
    const id = created.body.id;
    const tb = created.body.otpEncryptionTargetBundle;
    const key = newClientKey();
    for (let i = 0; i < 5; i++) {
      const r = await api.post(`/auth/credentials/${id}/verify`, {
        type: "EMAIL_OTP",
        encryptedOtpBundle: await otpBundle(`00000${i + 1}`, tb, key, bundleSigner(tb)),
      });
      expect(r.body.reason).toBe("Invalid OTP code");
    }
    const right = await api.post(`/auth/credentials/${id}/verify`, {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("000000", tb, key, bundleSigner(tb)),
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("RATE_LIMITED");
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // The pending code was dropped at the fifth failure.
    const { rows } = await database().query(`SELECT otp_pending FROM wallet_credentials WHERE id = $1::uuid`, [
      id.replace(/^AuthMethod:/, ""),
    ]);
    expect(rows[0].otp_pending).toEqual([]);
    const again = await api.post(`/auth/credentials/${id}/challenge`, {});
    expect(again.status).toBe(200);
    const tb2 = again.body.otpEncryptionTargetBundle;
    const retried = await api.post(`/auth/credentials/${id}/verify`, {
      type: "EMAIL_OTP",
      encryptedOtpBundle: await otpBundle("000000", tb2, key, bundleSigner(tb2)),
    });
    expect([retried.status, retried.body.code]).toEqual([429, "RATE_LIMITED"]);
  });
});

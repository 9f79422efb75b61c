// The signed-retry mechanism, attacked through PATCH /internal-accounts/{id}
// (wallet privacy) and the session endpoints.
import { describe, expect, it } from "vitest";
import { database, newPlatform, waitFor } from "../../support/api";
import { otpLogin, signedCall, walletWithSession } from "../../support/wallet";
import { newClientKey, openSessionKey, retryHeaders, stamp } from "../../support/wallet-client";

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("signed retry", () => {
  it("PATCH /internal-accounts/{id}: 202 challenge, then the identical request stamped by a session → 200", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const body = { privateEnabled: true };
    const first = await api.patch(`/internal-accounts/${w.accountId}`, body);
    expect(first.status, first.text).toBe(202);
    expect(Object.keys(first.body).sort()).toEqual(["expiresAt", "payloadToSign", "requestId"]);
    const payload = JSON.parse(first.body.payloadToSign);
    expect(payload).toMatchObject({
      type: "ACTIVITY_TYPE_UPDATE_WALLET",
      requestId: first.body.requestId,
      parameters: { privateEnabled: true },
    });
    // Nothing changes until the retry.
    expect(
      (await api.get(`/customers/internal-accounts?customerId=${w.customerId}&type=EMBEDDED_WALLET`)).body.data[0]
        .privateEnabled,
    ).toBe(false);
    const done = await api.patch(`/internal-accounts/${w.accountId}`, body, {
      headers: await retryHeaders(w.session.key, first.body),
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ id: w.accountId, type: "EMBEDDED_WALLET", privateEnabled: true });
  });

  it("names each missing or malformed header", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const path = `/internal-accounts/${w.accountId}`;
    const body = { privateEnabled: true };
    const first = await api.patch(path, body);
    const sig = await stamp(w.session.key, first.body.payloadToSign);

    const noSig = await api.patch(path, body, { headers: { "Request-Id": first.body.requestId } });
    expect(noSig.status).toBe(401);
    expect(noSig.body.code).toBe("WALLET_SIGNATURE_MISSING");
    const noId = await api.patch(path, body, { headers: { "Service-Wallet-Signature": sig } });
    expect(noId.status).toBe(401);
    expect(noId.body.code).toBe("REQUEST_ID_MISSING");

    const good = JSON.parse(Buffer.from(sig, "base64url").toString());
    for (const bad of [
      "%%%",
      `${sig}==`,
      Buffer.from("{").toString("base64url"),
      b64url({ ...good, scheme: "X" }),
      b64url({ ...good, publicKey: "02zz" }),
      b64url({ ...good, signature: "3000" }),
    ]) {
      const r = await api.patch(path, body, {
        headers: { "Service-Wallet-Signature": bad, "Request-Id": first.body.requestId },
      });
      expect(r.status, bad).toBe(401);
      expect(r.body.code).toBe("WALLET_SIGNATURE_MALFORMED");
    }
    // Malformed headers do not burn the challenge.
    const ok = await api.patch(path, body, {
      headers: { "Service-Wallet-Signature": sig, "Request-Id": first.body.requestId },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it("rejects a body changed between legs, a replayed challenge and a reused requestId", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const path = `/internal-accounts/${w.accountId}`;
    const first = await api.patch(path, { privateEnabled: true });
    const headers = await retryHeaders(w.session.key, first.body);
    const changed = await api.patch(path, { privateEnabled: false }, { headers });
    expect(changed.status).toBe(401);
    expect(changed.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    // Whitespace counts: the retry must be byte-identical.
    const f2 = await api.patch(path, { privateEnabled: true });
    const spaced = await api.patch(path, undefined, {
      raw: '{ "privateEnabled": true }',
      headers: { ...(await retryHeaders(w.session.key, f2.body)), "content-type": "application/json" },
    });
    expect(spaced.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");

    // The same requestId on another endpoint of the same wallet is a different request.
    const f3 = await api.patch(path, { privateEnabled: true });
    const elsewhere = await api.post(
      `/internal-accounts/${w.accountId}/export`,
      { clientPublicKey: newClientKey().publicKeyUncompressed },
      { headers: await retryHeaders(w.session.key, f3.body) },
    );
    expect(elsewhere.body.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");

    const f4 = await api.patch(path, { privateEnabled: true });
    const h4 = await retryHeaders(w.session.key, f4.body);
    expect((await api.patch(path, { privateEnabled: true }, { headers: h4 })).status).toBe(200);
    const replay = await api.patch(path, { privateEnabled: true }, { headers: h4 });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("INVALID_SIGNATURE");
    const unknown = await api.patch(
      path,
      { privateEnabled: true },
      { headers: { ...h4, "Request-Id": "Request:00000000-0000-7000-8000-000000000000" } },
    );
    expect(unknown.body.code).toBe("INVALID_SIGNATURE");
    const notAnId = await api.patch(path, { privateEnabled: true }, { headers: { ...h4, "Request-Id": "abc" } });
    expect(notAnId.body.code).toBe("INVALID_SIGNATURE");
  });

  it("lets exactly one of several concurrent retries run the action; the others are still processing or find the requestId used", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const path = `/internal-accounts/${w.accountId}`;
    const first = await api.patch(path, { privateEnabled: true });
    const headers = await retryHeaders(w.session.key, first.body);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.patch(path, { privateEnabled: true }, { headers })),
    );
    const final = results.filter((r) => r.status === 200 && r.body.id === w.accountId);
    expect(final).toHaveLength(1);
    expect(final[0]!.body.privateEnabled).toBe(true);
    for (const r of results.filter((x) => x !== final[0])) {
      if (r.status === 200) expect(r.body).toEqual({ requestId: first.body.requestId, stillProcessing: true });
      else expect([r.status, r.body.code]).toEqual([401, "INVALID_SIGNATURE"]);
    }
  });

  it("answers a repeat of a retry that is still running with the still-processing 200, then the requestId is used up", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const other = await otpLogin(api, w.credentialId, "EMAIL_OTP");
    const path = `/internal-accounts/${w.accountId}`;
    const body = { privateEnabled: true };
    const first = await api.patch(path, body);
    const headers = await retryHeaders(w.session.key, first.body);
    const challengeId = first.body.requestId.split(":")[1];
    // Hold the wallet row so the first retry's update waits inside its action.
    const lock = await database().connect();
    try {
      await lock.query("BEGIN");
      await lock.query("SELECT 1 FROM internal_accounts WHERE id = $1 FOR UPDATE", [w.accountId.split(":")[1]]);
      const running = api.patch(path, body, { headers });
      await waitFor(
        async () =>
          (
            await database().query("SELECT 1 FROM wallet_challenges WHERE id = $1 AND processing_since IS NOT NULL", [
              challengeId,
            ])
          ).rowCount === 1,
        { what: "the first retry to claim its challenge" },
      );

      const repeats = await Promise.all(Array.from({ length: 4 }, () => api.patch(path, body, { headers })));
      for (const r of repeats) {
        expect(r.status, r.text).toBe(200);
        expect(r.body).toEqual({ requestId: first.body.requestId, stillProcessing: true });
        expect(r.headers.get("retry-after")).toBe("1");
      }
      // A repeat still has to be the same request, stamped over payloadToSign by the key that claimed it.
      const changed = await api.patch(path, { privateEnabled: false }, { headers });
      expect([changed.status, changed.body.code]).toEqual([401, "WALLET_SIGNATURE_BODY_MISMATCH"]);
      const otherKey = await api.patch(path, body, { headers: await retryHeaders(other.key, first.body) });
      expect([otherKey.status, otherKey.body.code]).toEqual([401, "WALLET_SIGNATURE_INVALID"]);
      const forged = await api.patch(path, body, {
        headers: { ...headers, "Service-Wallet-Signature": await stamp(w.session.key, "something else") },
      });
      expect([forged.status, forged.body.code]).toEqual([401, "WALLET_SIGNATURE_INVALID"]);

      await lock.query("COMMIT");
      const done = await running;
      expect(done.status, done.text).toBe(200);
      expect(done.body).toMatchObject({ id: w.accountId, privateEnabled: true });
    } finally {
      await lock.query("ROLLBACK").catch(() => undefined);
      lock.release();
    }
    const after = await api.patch(path, body, { headers });
    expect([after.status, after.body.code]).toEqual([401, "INVALID_SIGNATURE"]);
    expect((await database().query("SELECT 1 FROM wallet_challenges WHERE id = $1", [challengeId])).rowCount).toBe(0);
  });

  it("session refresh under concurrent retries: one 201 with a sealed key, one new session", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const client = newClientKey();
    const path = `/auth/sessions/${w.session.id}/refresh`;
    const first = await api.post(path, { clientPublicKey: client.publicKey });
    expect(first.status, first.text).toBe(202);
    const headers = await retryHeaders(w.session.key, first.body);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.post(path, { clientPublicKey: client.publicKey }, { headers })),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(openSessionKey(created[0]!.body.encryptedSessionSigningKey, client.privateKey)).toMatch(/^[0-9a-f]{64}$/);
    for (const r of results.filter((x) => x.status !== 201)) {
      if (r.status === 200) expect(r.body).toEqual({ requestId: first.body.requestId, stillProcessing: true });
      else expect([r.status, r.body.code]).toEqual([401, "INVALID_SIGNATURE"]);
    }
    expect((await api.get(`/auth/sessions?accountId=${w.accountId}`)).body.data).toHaveLength(2);
  });

  it("accepts only active sessions of the same wallet", async () => {
    const api = await newPlatform();
    const a = await walletWithSession(api);
    const b = await walletWithSession(api);
    const path = `/internal-accounts/${a.accountId}`;
    const body = { privateEnabled: true };

    const f1 = await api.patch(path, body);
    const foreign = await api.patch(path, body, { headers: await retryHeaders(b.session.key, f1.body) });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("WALLET_SIGNATURE_INVALID");

    const stranger = newClientKey();
    const f2 = await api.patch(path, body);
    expect((await api.patch(path, body, { headers: await retryHeaders(stranger, f2.body) })).body.code).toBe(
      "WALLET_SIGNATURE_INVALID",
    );

    // A session that has expired. No API moves a session's clock, so the test ages it in the database.
    await database().query("UPDATE wallet_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      a.session.id.split(":")[1],
    ]);
    const f3 = await api.patch(path, body);
    const expired = await api.patch(path, body, { headers: await retryHeaders(a.session.key, f3.body) });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("WALLET_SIGNATURE_INVALID");
    expect((await api.get(`/auth/sessions?accountId=${a.accountId}`)).body.data).toEqual([]);
  });

  it("rejects an expired challenge", async () => {
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const path = `/internal-accounts/${w.accountId}`;
    const first = await api.patch(path, { privateEnabled: true });
    // Challenges live 5 minutes; the test ages this one in the database rather than waiting.
    await database().query("UPDATE wallet_challenges SET expires_at = now() - interval '1 second' WHERE id = $1", [
      first.body.requestId.split(":")[1],
    ]);
    const late = await api.patch(
      path,
      { privateEnabled: true },
      { headers: await retryHeaders(w.session.key, first.body) },
    );
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("INVALID_SIGNATURE");
    expect(late.body.reason).toMatch(/expired/);
  });

  it("exports the wallet's BIP-39 mnemonic sealed to a compressed or uncompressed clientPublicKey in a signed envelope @turnkey/crypto opens", async () => {
    const { decryptExportBundle } = await import("@turnkey/crypto");
    const { mnemonicToEntropy, validateMnemonic } = await import("@scure/bip39");
    const { wordlist } = await import("@scure/bip39/wordlists/english.js");
    const api = await newPlatform();
    const w = await walletWithSession(api);
    const target = newClientKey();
    const mnemonics: string[] = [];
    for (const clientPublicKey of [target.publicKeyUncompressed, target.publicKey]) {
      const { retry } = await signedCall(
        api,
        "POST",
        `/internal-accounts/${w.accountId}/export`,
        { clientPublicKey },
        w.session.key,
      );
      expect(retry.status, retry.text).toBe(200);
      expect(retry.body.id).toBe(w.accountId);
      const envelope = JSON.parse(retry.body.encryptedWalletCredentials);
      expect(Object.keys(envelope)).toEqual(["version", "data", "dataSignature", "enclaveQuorumPublic"]);
      expect(Object.keys(JSON.parse(Buffer.from(envelope.data, "hex").toString()))).toEqual([
        "encappedPublic",
        "ciphertext",
        "organizationId",
      ]);
      const mnemonic = await decryptExportBundle({
        exportBundle: retry.body.encryptedWalletCredentials,
        embeddedKey: target.privateKey,
        organizationId: w.accountId,
        dangerouslyOverrideSignerPublicKey: envelope.enclaveQuorumPublic,
        returnMnemonic: true,
      });
      mnemonics.push(mnemonic);
    }
    const [mnemonic, again] = mnemonics as [string, string];
    expect(mnemonic.split(" ")).toHaveLength(24);
    expect(mnemonic.split(" ").every((word) => wordlist.includes(word))).toBe(true);
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true);
    // 24 words carry the wallet's 32-byte seed as their entropy.
    expect(mnemonicToEntropy(mnemonic, wordlist)).toHaveLength(32);
    // Same wallet, same secret on a second export; another wallet has another one.
    expect(again).toBe(mnemonic);
    const other = await walletWithSession(api);
    const { retry } = await signedCall(
      api,
      "POST",
      `/internal-accounts/${other.accountId}/export`,
      { clientPublicKey: target.publicKey },
      other.session.key,
    );
    const otherMnemonic = await decryptExportBundle({
      exportBundle: retry.body.encryptedWalletCredentials,
      embeddedKey: target.privateKey,
      organizationId: other.accountId,
      dangerouslyOverrideSignerPublicKey: JSON.parse(retry.body.encryptedWalletCredentials).enclaveQuorumPublic,
      returnMnemonic: true,
    });
    expect(validateMnemonic(otherMnemonic, wordlist)).toBe(true);
    expect(otherMnemonic).not.toBe(mnemonic);
    // The envelope names its wallet: opening it as another organization fails.
    await expect(
      decryptExportBundle({
        exportBundle: retry.body.encryptedWalletCredentials,
        embeddedKey: target.privateKey,
        organizationId: w.accountId,
        dangerouslyOverrideSignerPublicKey: JSON.parse(retry.body.encryptedWalletCredentials).enclaveQuorumPublic,
        returnMnemonic: true,
      }),
    ).rejects.toThrow();
    for (const clientPublicKey of ["04abc", `03${"f".repeat(64)}`]) {
      const bad = await api.post(`/internal-accounts/${w.accountId}/export`, { clientPublicKey });
      expect(bad.status).toBe(400);
      expect(bad.body.details.errors).toEqual([expect.objectContaining({ field: "clientPublicKey" })]);
    }
  });
});

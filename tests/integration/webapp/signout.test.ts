// POST /api/wallet/signout – a device gives up a wallet session it holds the
// key of. Public (it must work after the web session ended), so only a
// revocation stamped by a key of that session's own wallet ends the session.
import { describe, expect, it } from "vitest";
import { ApiClient, server } from "../../support/api";
import { newClientKey, stamp } from "../../support/wallet-client";
import { signUp, verifyOtp, Web } from "../../support/web-customer";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../../../lib/kernel/signed-retry-headers";

const platform = () => new ApiClient(server().baseUrl, server().clientId, server().clientSecret, "");

async function signedIn() {
  const web = new Web(server().origin);
  const s = await signUp(web);
  const done = await verifyOtp(web, s.credentialId, s.bundle);
  expect(done.second?.status).toBe(200);
  return { web, key: done.key, session: done.second!.body.session as { id: string; accountId: string } };
}

const listed = async (accountId: string) =>
  (await platform().get(`/auth/sessions?accountId=${encodeURIComponent(accountId)}`)).body.data.map(
    (s: { id: string }) => s.id,
  );

describe("POST /api/wallet/signout", () => {
  it("revokes the session when the retry is stamped with its own key, and then answers 204 again (nothing left)", async () => {
    const { web, key, session } = await signedIn();
    const first = await web.call("POST", "/api/wallet/signout", { sessionId: session.id });
    expect(first.status).toBe(202);
    const retry = await web.call(
      "POST",
      "/api/wallet/signout",
      { sessionId: session.id },
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(key, first.body.payloadToSign),
        [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
      },
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(204);
    expect(await listed(session.accountId)).not.toContain(session.id);
    expect((await web.call("POST", "/api/wallet/signout", { sessionId: session.id })).status).toBe(204);
  });

  it("takes a tracing x-request-id for what it is: the first call still gets its challenge", async () => {
    const { web, session } = await signedIn();
    const first = await web.call(
      "POST",
      "/api/wallet/signout",
      { sessionId: session.id },
      { "x-request-id": "trace-4f1c2a" },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.requestId).toMatch(/^Request:/);
    expect(await listed(session.accountId)).toContain(session.id);
  });

  it("refuses a stamp by another wallet's key or by no session at all, and the session stays", async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    for (const signer of [attacker.key, newClientKey()]) {
      const first = await attacker.web.call("POST", "/api/wallet/signout", { sessionId: victim.session.id });
      expect(first.status).toBe(202);
      const retry = await attacker.web.call(
        "POST",
        "/api/wallet/signout",
        { sessionId: victim.session.id },
        {
          [WALLET_SIGNATURE_HEADER]: await stamp(signer, first.body.payloadToSign),
          [SIGNED_REQUEST_ID_HEADER]: first.body.requestId,
        },
      );
      expect(retry.status).toBe(401);
      expect(retry.body.code).toBe("WALLET_SIGNATURE_INVALID");
    }
    expect(await listed(victim.session.accountId)).toContain(victim.session.id);
  });

  it("refuses another site's origin and a malformed session id", async () => {
    const { web, session } = await signedIn();
    expect(
      (await web.call("POST", "/api/wallet/signout", { sessionId: session.id }, { origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const bad = await web.call("POST", "/api/wallet/signout", { sessionId: "Session:nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_INPUT");
  });
});

// POST /api/wallet/credentials/{id}/challenge – starts a sign-in with a credential
// (OTP: sends the code and returns the encryption target; passkey: the WebAuthn challenge).
// At most THROTTLE_RULES.webSigninCodePerCredential (lib/security/throttle.ts) per credential id (429 with
// Retry-After);
// an id that names no credential gets a decoy target and nothing is sent, so
// the answer is the same whether the account exists.
import { z } from "zod";
import { callApi } from "@/lib/bff/client";
import { fail, json, route } from "@/lib/bff/route";
import { decoyOtpChallenge } from "@/lib/bff/decoys";
import { countSigninCodeRequest } from "@/lib/bff/wallet";

const Body = z.object({
  clientPublicKey: z
    .string()
    .regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/)
    .optional(),
});

function tooMany(retryAfterSeconds: number): Response {
  const res = fail(
    429,
    "RATE_LIMITED",
    "Too many codes were asked for. Use the last code you received, or try " +
      `again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
  );
  res.headers.set("retry-after", String(retryAfterSeconds));
  return res;
}

export const POST = route({ audience: "public", body: Body }, async ({ body, params }) => {
  const id = String(params.id);
  const wait = await countSigninCodeRequest(id);
  if (wait > 0) return tooMany(Math.ceil(wait));
  const res = await callApi<{
    otpEncryptionTargetBundle?: string;
    challenge?: string;
    credentialId?: string;
    requestId?: string;
    expiresAt?: string;
  }>("POST", `/auth/credentials/${encodeURIComponent(id)}/challenge`, { body, accept: [404, 429] });
  if (res.status === 404) return json(200, decoyOtpChallenge(id));
  if (res.status === 429) return tooMany(Number(res.headers.get("retry-after")) || 60);
  const c = res.body;
  return json(
    200,
    c.otpEncryptionTargetBundle
      ? { otpEncryptionTargetBundle: c.otpEncryptionTargetBundle }
      : {
          challenge: c.challenge,
          ...(c.credentialId ? { credentialId: c.credentialId } : {}),
          requestId: c.requestId,
          expiresAt: c.expiresAt,
        },
  );
});

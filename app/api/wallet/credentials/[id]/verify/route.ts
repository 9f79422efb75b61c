// POST /api/wallet/credentials/{id}/verify – completes a sign-in: OTP answers
// 202 (sign payloadToSign with the new session key and retry), passkey answers
// the session at once; with a session the browser also gets a sign-in ticket
// bound to it. Every refusal of the credential (wrong or expired code, an id
// that names no credential, a type that is not the credential's) is the same
// 401, so a failed sign-in does not tell whether the account exists.
import { z } from "zod";
import { callApi } from "@/lib/bff/client";
import { fail, json, route } from "@/lib/bff/route";
import { sessionWithTicket, signedHeaders, type WalletSession } from "@/lib/bff/wallet";

const Body = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("SMS_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("PASSKEY"), assertion: z.record(z.string(), z.unknown()) }),
]);

const REFUSED: Record<z.infer<typeof Body>["type"], string> = {
  EMAIL_OTP: "That code is not right, or it has expired. Check the latest email, or ask for a new code.",
  SMS_OTP: "That code is not right, or it has expired. Check the latest text message, or ask for a new code.",
  PASSKEY: "Your passkey could not sign you in. Try again, or use another sign-in method.",
};

export const POST = route({ audience: "public", body: Body }, async ({ body, params, request }) => {
  const res = await callApi<WalletSession | Record<string, unknown>>(
    "POST",
    `/auth/credentials/${encodeURIComponent(String(params.id))}/verify`,
    {
      body,
      headers: signedHeaders(request),
      accept: [400, 401, 404],
    },
  );
  if (res.status === 400 || res.status === 401 || res.status === 404)
    return fail(401, "SIGN_IN_FAILED", REFUSED[body.type]);
  if (res.status === 202) return json(202, res.body);
  return sessionWithTicket(request, res.body as WalletSession);
});

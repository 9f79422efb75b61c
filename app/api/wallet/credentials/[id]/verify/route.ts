// POST /api/wallet/credentials/{id}/verify – completes a sign-in: OTP answers
// 202 (sign payloadToSign with the new session key and retry), passkey answers
// the session at once; with a session the browser also gets a sign-in ticket.
import { z } from "zod";
import { json, publicRoute } from "@/lib/bff/route";
import { forwardSigned, sessionWithTicket, type WalletSession } from "@/lib/bff/wallet";

const Body = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("SMS_OTP"), encryptedOtpBundle: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("PASSKEY"), assertion: z.record(z.string(), z.unknown()) }),
]);

export const POST = publicRoute({ body: Body }, async ({ body, params, request }) => {
  const res = await forwardSigned<WalletSession | Record<string, unknown>>("POST", `/auth/credentials/${encodeURIComponent(String(params.id))}/verify`, request, body);
  if (res.status === 202) return json(202, res.body);
  return sessionWithTicket(res.body as WalletSession);
});

// GET /api/wallet/credentials – the customer's credentials.
// POST /api/wallet/credentials – add another credential (signed retry with a current session key).
import { z } from "zod";
import { decodeJwt } from "jose";
import { route, json } from "@/lib/bff/route";
import { forwardSigned, listCredentials } from "@/lib/bff/wallet";
import { rememberOauthSubject } from "@/lib/bff/directory";

export const GET = route({ audience: "customer" }, async ({ customer }) =>
  json(200, { data: await listCredentials(customer.accountId) }),
);

const Body = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP") }),
  z.object({ type: z.literal("SMS_OTP") }),
  z.object({ type: z.literal("OAUTH"), oidcToken: z.string().min(1).max(16384) }),
  z.object({
    type: z.literal("PASSKEY"),
    nickname: z.string().min(1).max(100),
    challenge: z.string().min(16).max(1024),
    attestation: z.record(z.string(), z.unknown()),
  }),
]);

export const POST = route({ audience: "customer", body: Body }, async ({ customer, body, request }) => {
  const res = await forwardSigned("POST", "/auth/credentials", request, { ...body, accountId: customer.accountId });
  if (res.status !== 202 && body.type === "OAUTH") {
    const claims = decodeJwt(body.oidcToken);
    await rememberOauthSubject(customer.accountId, `${claims.iss} ${claims.sub}`);
  }
  return json(res.status, res.body);
});

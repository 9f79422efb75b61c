// POST /api/wallet/enroll – registers the first credential of a just-signed-up
// wallet; the enrollment token from /api/wallet/signup names the wallet.
import { z } from "zod";
import { decodeJwt } from "jose";
import { api, BffError } from "@/lib/bff/client";
import { json, publicRoute } from "@/lib/bff/route";
import { readEnrollment } from "@/lib/auth/ticket";
import { rememberOauthSubject } from "@/lib/bff/directory";

const Body = z.object({
  enrollment: z.string().min(1),
  credential: z.discriminatedUnion("type", [
    z.object({ type: z.literal("EMAIL_OTP") }),
    z.object({ type: z.literal("SMS_OTP") }),
    z.object({ type: z.literal("OAUTH"), oidcToken: z.string().min(1).max(16384) }),
    z.object({ type: z.literal("PASSKEY"), nickname: z.string().min(1).max(100), challenge: z.string().min(16).max(1024), attestation: z.record(z.string(), z.unknown()) }),
  ]),
});

export const POST = publicRoute({ body: Body }, async ({ body }) => {
  const enrollment = await readEnrollment(body.enrollment);
  if (!enrollment) throw new BffError(401, "ENROLLMENT_EXPIRED", "Your sign-up has expired. Start the sign-up again.");
  if (body.credential.type === "OAUTH") {
    const claims = decodeJwt(body.credential.oidcToken);
    await rememberOauthSubject(enrollment.accountId, `${claims.iss} ${claims.sub}`);
  }
  const created = await api.post("/auth/credentials", { ...body.credential, accountId: enrollment.accountId });
  return json(created.status, created.body);
});

// POST /api/wallet/enroll – registers the first credential of a just-signed-up
// wallet; the enrollment token from /api/wallet/signup names the wallet. An
// enrollment issued for an address that already had an account answers the
// same 201 with a credential that names nothing (no code is sent, none opens it).
import { z } from "zod";
import { decodeJwt } from "jose";
import { api, BffError } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { readEnrollment } from "@/lib/bff/auth/ticket";
import { rememberOauthSubject } from "@/lib/bff/directory";
import { decoyEnrolledCredential, decoyOtpChallenge } from "@/lib/bff/decoys";

const Body = z.object({
  enrollment: z.string().min(1),
  credential: z.discriminatedUnion("type", [
    z.object({ type: z.literal("EMAIL_OTP") }),
    z.object({ type: z.literal("SMS_OTP") }),
    z.object({ type: z.literal("OAUTH"), oidcToken: z.string().min(1).max(16384) }),
    z.object({
      type: z.literal("PASSKEY"),
      nickname: z.string().min(1).max(100),
      challenge: z.string().min(16).max(1024),
      attestation: z.record(z.string(), z.unknown()),
    }),
  ]),
});

interface Enrolled {
  id: string;
  type: string;
  credentialId?: string;
  otpEncryptionTargetBundle?: string;
}

const view = (c: Enrolled): Enrolled => ({
  id: c.id,
  type: c.type,
  ...(c.credentialId ? { credentialId: c.credentialId } : {}),
  ...(c.otpEncryptionTargetBundle ? { otpEncryptionTargetBundle: c.otpEncryptionTargetBundle } : {}),
});

export const POST = route({ audience: "public", body: Body }, async ({ body }) => {
  const enrollment = await readEnrollment(body.enrollment);
  if (!enrollment) throw new BffError(401, "ENROLLMENT_EXPIRED", "Your sign-up has expired. Start the sign-up again.");
  const credential = body.credential;
  if (enrollment.existing === "1") {
    const id = decoyEnrolledCredential(enrollment.accountId, credential.type);
    const attested = credential.type === "PASSKEY" ? credential.attestation.credentialId : undefined;
    return json(
      201,
      view({
        id,
        type: credential.type,
        ...(typeof attested === "string" ? { credentialId: attested } : {}),
        ...(credential.type === "EMAIL_OTP" || credential.type === "SMS_OTP" ? decoyOtpChallenge(id) : {}),
      }),
    );
  }
  if (credential.type === "OAUTH") {
    const claims = decodeJwt(credential.oidcToken);
    await rememberOauthSubject(enrollment.accountId, `${claims.iss} ${claims.sub}`);
  }
  const created = await api.post<Enrolled>("/auth/credentials", { ...credential, accountId: enrollment.accountId });
  return json(created.status, view(created.body));
});

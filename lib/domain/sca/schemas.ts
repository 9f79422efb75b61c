// Contact Verification and SCA request schemas.
import "server-only";
import { z } from "zod";
import { ApiId } from "../common/schemas";

export const ScaFactor = z.enum(["SMS_OTP", "TOTP", "PASSKEY"]);
export const CustomerQuery = z.object({ customerId: ApiId("Customer") });
export const Code = z.string().regex(/^\d{4,10}$/, "Expected the numeric one-time code");

export const ContactConfirm = z.object({ code: Code });

export const FactorEnrollStart = z.object({ type: z.enum(["TOTP", "PASSKEY"]) });
export const FactorEnrollConfirm = z.discriminatedUnion("type", [
  z.object({ type: z.literal("TOTP"), secret: z.string().min(16).max(128), code: Code }),
  z.object({
    type: z.literal("PASSKEY"),
    origin: z.string().min(1).max(255),
    credential: z.record(z.string(), z.unknown()),
  }),
]);

export const LoginStart = z.object({ factor: ScaFactor });
export const LoginComplete = z.object({
  factor: ScaFactor,
  endUserIpAddress: z.union([z.ipv4(), z.ipv6()]),
  challengeId: z.string().max(100).optional(),
  code: Code.optional(),
  passkeyAssertion: z.record(z.string(), z.unknown()).optional(),
  origin: z.string().max(255).optional(),
});

export const SecurityEvent = z.object({ eventType: z.enum(["RESET_PASSWORD_COMPLETED", "FAILED_LOGIN_ATTEMPT"]) });
export const ResetStart = z.object({ factor: ScaFactor });
export const ResetComplete = z.object({
  mobile: z
    .object({
      countryCode: z.string().regex(/^\+[1-9]\d{0,3}$/, "Expected a dialing code such as +33"),
      number: z.string().regex(/^\d{4,14}$/, "Expected the national number digits"),
    })
    .optional(),
});

/** ScaAuthorization: exactly one of code (SMS_OTP) or passkeyAssertion + origin (PASSKEY). */
export const ScaAuthorization = z
  .object({
    code: Code.nullish(),
    passkeyAssertion: z.record(z.string(), z.unknown()).nullish(),
    origin: z.string().max(255).nullish(),
    endUserIpAddress: z.union([z.ipv4(), z.ipv6()]).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.code === !v.passkeyAssertion)
      ctx.addIssue({ code: "custom", path: ["code"], message: "Provide exactly one of code or passkeyAssertion" });
    if (v.passkeyAssertion && !v.origin)
      ctx.addIssue({ code: "custom", path: ["origin"], message: "origin is required with passkeyAssertion" });
  });

export const TrustConfirm = z.object({
  challengeId: z.string().max(100).optional(),
  code: Code.optional(),
  passkeyAssertion: z.record(z.string(), z.unknown()).optional(),
  origin: z.string().max(255).optional(),
});

// SCA login (start/complete) and recorded security events. A completed login
// opens an SCA session (SCA_SESSION_TTL_MS) that SCA-gated operations check.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { invalidField } from "../../kernel/errors";
import { toApiId } from "../../ids";
import { answerChallenge, issueChallenge } from "./codes";
import { allowedOrigins } from "./passkey";
import {
  assertNotLocked,
  availableFactors,
  lockoutView,
  passkeyChallengeFor,
  passkeyChecker,
  recordFailedLogin,
  requireScaCustomer,
  scaState,
  smsTo,
  startScaSession,
  totpChecker,
  type Factor,
} from "./state";

export async function startLogin(db: PrismaClient, platformId: string, customerId: string, factor: Factor) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  // No lockout check here: as the reference documents, a locked login answers 423 where the code is
  // checked (POST /sca/login/complete), not on start.
  await scaState(db, platformId, customer.id);
  const { factors, passkey } = await availableFactors(db, customer);
  if (!factors.includes(factor)) {
    throw invalidField(
      "factor",
      factor === "SMS_OTP"
        ? "SMS_OTP needs a verified phone number (POST /customers/{customerId}/verify-phone)"
        : `${factor} is not enrolled for this customer`,
    );
  }
  if (factor === "PASSKEY") {
    const webauthn = await passkeyChallengeFor(passkey!, { purpose: "LOGIN", customerId: customer.id });
    await issueChallenge(db, {
      platformId,
      customerId: customer.id,
      purpose: "LOGIN",
      factor,
      passkeyChallenge: webauthn.challenge,
    });
    return {
      factor,
      passkeyOptions: webauthn.options,
      allowedOrigins: allowedOrigins(),
      relyingPartyId: webauthn.relyingPartyId,
    };
  }
  const challenge = await issueChallenge(db, {
    platformId,
    customerId: customer.id,
    purpose: "LOGIN",
    factor,
    deliverTo: factor === "SMS_OTP" ? smsTo(customer) : null,
  });
  return factor === "SMS_OTP"
    ? { factor, challengeId: toApiId("ScaChallenge", challenge.id), expiresAt: challenge.expiresAt.toISOString() }
    : { factor };
}

export interface LoginProof {
  factor: Factor;
  code?: string;
  challengeId?: string;
  passkeyAssertion?: Record<string, unknown>;
  origin?: string;
}

export async function completeLogin(db: PrismaClient, platformId: string, customerId: string, input: LoginProof) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const state = await scaState(db, platformId, customer.id);
  assertNotLocked(state);
  if (input.factor === "PASSKEY" ? !input.passkeyAssertion : !input.code) {
    throw input.factor === "PASSKEY"
      ? invalidField("passkeyAssertion", "passkeyAssertion and origin are required for PASSKEY", "REQUIRED")
      : invalidField("code", "code is required for SMS_OTP and TOTP", "REQUIRED");
  }
  const { totp, passkey } = await availableFactors(db, customer);
  try {
    await answerChallenge(db, {
      customerId: customer.id,
      purpose: "LOGIN",
      challengeId: input.challengeId,
      code: input.code,
      totp: totpChecker(totp),
      passkey: passkeyChecker(db, passkey, input),
    });
  } catch (err) {
    if ((err as { code?: string }).code === "UNAUTHORIZED") await recordFailedLogin(db, customer.id);
    throw err;
  }
  await db.customerSca.update({ where: { customerId: customer.id }, data: { failedAttempts: 0, lockedUntil: null } });
  const expiresAt = await startScaSession(db, customer.id);
  return { status: "SUCCESS", sessionExpiresAt: expiresAt.toISOString() };
}

export async function recordSecurityEvent(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  eventType: "RESET_PASSWORD_COMPLETED" | "FAILED_LOGIN_ATTEMPT",
) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  await scaState(db, platformId, customer.id);
  const state =
    eventType === "FAILED_LOGIN_ATTEMPT"
      ? await recordFailedLogin(db, customer.id)
      : await db.customerSca.update({
          where: { customerId: customer.id },
          data: { failedAttempts: 0, lockedUntil: null, sessionExpiresAt: null },
        });
  return { eventType, ...lockoutView(state) };
}

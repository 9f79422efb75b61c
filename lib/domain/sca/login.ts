// SCA login (start/complete) and recorded security events. A completed login
// opens an SCA session (SCA_SESSION_TTL_MS) that SCA-gated operations check.
import type { PrismaClient } from "../../db/generated/client";
import { invalidField } from "../../api/errors";
import { toApiId } from "../../ids";
import { answerChallenge, issueChallenge } from "./codes";
import { assertNotLocked, availableFactors, lockoutView, recordFailedLogin, requireScaCustomer, scaState, startScaSession, totpChecker } from "./state";

type Factor = "SMS_OTP" | "TOTP" | "PASSKEY";

export async function startLogin(db: PrismaClient, platformId: string, customerId: string, factor: Factor) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const state = await scaState(db, platformId, customer.id);
  assertNotLocked(state);
  const { factors } = await availableFactors(db, customer);
  if (!factors.includes(factor as "SMS_OTP" | "TOTP")) {
    throw invalidField("factor", factor === "SMS_OTP" ? "SMS_OTP needs a verified phone number (POST /customers/{customerId}/verify-phone)" : `${factor} is not enrolled for this customer`);
  }
  const challenge = await issueChallenge(db, { platformId, customerId: customer.id, purpose: "LOGIN", factor: factor as "SMS_OTP" | "TOTP" });
  return factor === "SMS_OTP"
    ? { factor, challengeId: toApiId("ScaChallenge", challenge.id), expiresAt: challenge.expiresAt.toISOString() }
    : { factor };
}

export async function completeLogin(db: PrismaClient, platformId: string, customerId: string, input: { factor: Factor; code?: string; challengeId?: string }) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const state = await scaState(db, platformId, customer.id);
  assertNotLocked(state);
  if (!input.code) throw invalidField("code", "code is required for SMS_OTP and TOTP", "REQUIRED");
  const { totp } = await availableFactors(db, customer);
  try {
    await answerChallenge(db, { customerId: customer.id, purpose: "LOGIN", challengeId: input.challengeId, code: input.code, totp: totpChecker(totp) });
  } catch (err) {
    if ((err as { code?: string }).code === "UNAUTHORIZED") await recordFailedLogin(db, customer.id);
    throw err;
  }
  await db.customerSca.update({ where: { customerId: customer.id }, data: { failedAttempts: 0, lockedUntil: null } });
  const expiresAt = await startScaSession(db, customer.id);
  return { status: "SUCCESS", sessionExpiresAt: expiresAt.toISOString() };
}

export async function recordSecurityEvent(db: PrismaClient, platformId: string, customerId: string, eventType: "RESET_PASSWORD_COMPLETED" | "FAILED_LOGIN_ATTEMPT") {
  const customer = await requireScaCustomer(db, platformId, customerId);
  await scaState(db, platformId, customer.id);
  const state =
    eventType === "FAILED_LOGIN_ATTEMPT"
      ? await recordFailedLogin(db, customer.id)
      : await db.customerSca.update({ where: { customerId: customer.id }, data: { failedAttempts: 0, lockedUntil: null, sessionExpiresAt: null } });
  return { eventType, ...lockoutView(state) };
}

// Who SCA and contact verification apply to, the customer's SCA login
// session, and its failed-login lockout. Other groups (quote authorization,
// beneficiary trust) call requireScaSession before an SCA-gated operation.
import "server-only";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { lockoutAfter, SCA_SESSION_TTL_MS } from "../../sandbox/sca";
import { getCustomerOrThrow } from "../customers/retrieve-customer";
import { requiresScaAndContactVerification } from "../customers/regions";
import { openSecret, verifyTotp } from "./codes";
import { assertionOptions, verifyPasskeyAssertion, type StoredPasskey } from "./passkey";

export async function requireScaCustomer(db: Db, platformId: string, customerId: string) {
  const customer = await getCustomerOrThrow(db, platformId, customerId);
  if (!requiresScaAndContactVerification(customer.region)) {
    throw new DomainError(
      "CONFLICT",
      "Strong Customer Authentication is not required for this customer (only customers in an EU/EEA region)",
    );
  }
  return customer;
}

export async function requireContactVerificationCustomer(db: Db, platformId: string, customerId: string) {
  const customer = await getCustomerOrThrow(db, platformId, customerId);
  if (!requiresScaAndContactVerification(customer.region)) {
    throw new DomainError(
      "CONFLICT",
      "Contact verification is not required for this customer (only customers in an EU/EEA region)",
    );
  }
  return customer;
}

export async function scaState(db: Db, platformId: string, customerId: string) {
  return (
    (await db.customerSca.findUnique({ where: { customerId } })) ??
    (await db.customerSca.upsert({ where: { customerId }, create: { customerId, platformId }, update: {} }))
  );
}

/** 409 SCA_SESSION_REQUIRED unless the customer has a live SCA login session. */
export async function requireScaSession(db: Db, platformId: string, customerId: string): Promise<void> {
  const state = await db.customerSca.findUnique({ where: { customerId } });
  if (
    !state ||
    state.platformId !== platformId ||
    !state.sessionExpiresAt ||
    state.sessionExpiresAt.getTime() <= Date.now()
  ) {
    throw new DomainError(
      "SCA_SESSION_REQUIRED",
      "The customer's SCA login session is missing or expired; complete POST " +
        "/sca/login/start and /sca/login/complete, then retry",
    );
  }
}

/** 423 ACCOUNT_LOCKED while a lockout or suspension is in force. */
export function assertNotLocked(state: { failedAttempts: number; lockedUntil: Date | null }): void {
  const { suspended } = lockoutAfter(state.failedAttempts);
  if (suspended || (state.lockedUntil && state.lockedUntil.getTime() > Date.now())) {
    throw new DomainError(
      "ACCOUNT_LOCKED",
      suspended
        ? "Login suspended after too many failed attempts; record RESET_PASSWORD_COMPLETED to clear it"
        : "Login locked after too many failed attempts",
      {
        lockedUntil: suspended ? null : state.lockedUntil?.toISOString(),
        failedAttempts: state.failedAttempts,
        suspended,
      },
    );
  }
}

/** Counts a failed login and applies the lockout ladder. */
export async function recordFailedLogin(db: Db, customerId: string) {
  const updated = await db.customerSca.update({ where: { customerId }, data: { failedAttempts: { increment: 1 } } });
  const { lockMs } = lockoutAfter(updated.failedAttempts);
  return lockMs
    ? db.customerSca.update({ where: { customerId }, data: { lockedUntil: new Date(Date.now() + lockMs) } })
    : updated;
}

export function lockoutView(state: { failedAttempts: number; lockedUntil: Date | null }) {
  const { suspended } = lockoutAfter(state.failedAttempts);
  const locked = !suspended && state.lockedUntil && state.lockedUntil.getTime() > Date.now();
  return {
    suspended,
    lockedUntil: locked ? state.lockedUntil!.toISOString() : null,
    failedAttempts: state.failedAttempts,
  };
}

export async function startScaSession(db: Db, customerId: string): Promise<Date> {
  const expiresAt = new Date(Date.now() + SCA_SESSION_TTL_MS);
  await db.customerSca.update({ where: { customerId }, data: { sessionExpiresAt: expiresAt } });
  return expiresAt;
}

export type Factor = "SMS_OTP" | "TOTP" | "PASSKEY";

/**
 * The factors a customer can answer a challenge with: SMS_OTP needs a verified phone; TOTP and PASSKEY an active
 * enrollment.
 */
export async function availableFactors(db: Db, customer: { id: string; phoneNumber: string | null }) {
  const [state, enrolled] = await Promise.all([
    db.customerSca.findUnique({ where: { customerId: customer.id } }),
    db.scaFactor.findMany({ where: { customerId: customer.id, type: { in: ["TOTP", "PASSKEY"] }, status: "ACTIVE" } }),
  ]);
  const totp = enrolled.find((f) => f.type === "TOTP") ?? null;
  const passkey = enrolled.find((f) => f.type === "PASSKEY") ?? null;
  const out: Factor[] = [];
  if (customer.phoneNumber && state?.verifiedPhone === customer.phoneNumber) out.push("SMS_OTP");
  if (totp) out.push("TOTP");
  if (passkey) out.push("PASSKEY");
  return { factors: out, totp, passkey };
}

/** The SMS delivery of an SMS_OTP challenge: the customer's verified phone. */
export function smsTo(customer: { phoneNumber: string | null }) {
  return customer.phoneNumber ? { channel: "SMS" as const, to: customer.phoneNumber } : null;
}

/** Checks a passkey assertion against the customer's enrolled passkey and advances its signature counter. */
export function passkeyChecker(
  db: Db,
  passkey: { id: string; detail: string | null } | null,
  proof: { passkeyAssertion?: Record<string, unknown> | null; origin?: string | null },
) {
  return async (challenge: string) => {
    const stored: StoredPasskey = passkey?.detail ? JSON.parse(passkey.detail) : {};
    const counter = await verifyPasskeyAssertion(stored, proof.passkeyAssertion, proof.origin, challenge);
    await db.scaFactor.update({ where: { id: passkey!.id }, data: { detail: JSON.stringify({ ...stored, counter }) } });
  };
}

/** A PASSKEY challenge's WebAuthn material: assertion options bound to what is being authorized. */
export async function passkeyChallengeFor(passkey: { detail: string | null }, binding: Record<string, unknown>) {
  return assertionOptions(passkey.detail ? JSON.parse(passkey.detail) : {}, binding);
}

export function totpChecker(totp: { detail: string | null } | null): (code: string) => boolean {
  return (code) => (totp?.detail ? verifyTotp(openSecret(JSON.parse(totp.detail).secret), code) : false);
}

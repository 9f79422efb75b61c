// SCA factors: SMS_OTP needs no enrollment (the verified phone); TOTP is
// enrolled with a shared secret and confirmed with a first code; PASSKEY with
// a WebAuthn registration (one passkey per customer).
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { isUniqueViolation } from "../../db/client";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { base32Decode, base32Encode, openSecret, sealSecret, verifyTotp } from "./codes";
import { registrationOptions, verifyEnrollment, type StoredPasskey } from "./passkey";
import { availableFactors, requireScaCustomer, requireScaSession, scaState } from "./state";

export async function listFactors(db: PrismaClient, platformId: string, customerId: string) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const { factors, totp, passkey } = await availableFactors(db, customer);
  return {
    factors: factors.map((f) =>
      f === "TOTP" && totp
        ? { factor: "TOTP", credentialId: toApiId("ScaFactor", totp.id), name: "Authenticator app" }
        : f === "PASSKEY" && passkey
          ? { factor: "PASSKEY", credentialId: toApiId("ScaFactor", passkey.id), name: "Passkey" }
          : { factor: f },
    ),
  };
}

export async function startFactorEnrollment(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  type: "TOTP" | "PASSKEY",
) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  if (type === "PASSKEY") return startPasskeyEnrollment(db, platformId, customer);
  if (await db.scaFactor.findFirst({ where: { customerId: customer.id, type: "TOTP", status: "ACTIVE" } })) {
    throw new DomainError("CONFLICT", "A TOTP factor is already enrolled; delete it first");
  }
  const secret = randomBytes(20);
  const b32 = base32Encode(secret);
  await db.$transaction(async (tx) => {
    await scaState(tx, platformId, customer.id);
    await tx.scaFactor.deleteMany({ where: { customerId: customer.id, type: "TOTP", status: "PENDING" } });
    await tx.scaFactor.create({
      data: {
        id: newUuid(),
        platformId,
        customerId: customer.id,
        type: "TOTP",
        detail: JSON.stringify({ secret: sealSecret(secret) }),
      },
    });
  });
  const label = encodeURIComponent(`Meridian:${customer.email ?? customer.platformCustomerId}`);
  return {
    type: "TOTP",
    secret: b32,
    secretBase32Encoded: b32,
    totpUri: `otpauth://totp/${label}?secret=${b32}&issuer=Meridian&digits=6&period=30`,
  };
}

type EnrollConfirm =
  | { type: "TOTP"; secret: string; code: string }
  | { type: "PASSKEY"; origin: string; credential: Record<string, unknown> };

async function startPasskeyEnrollment(
  db: PrismaClient,
  platformId: string,
  customer: Awaited<ReturnType<typeof requireScaCustomer>>,
) {
  if (await db.scaFactor.findFirst({ where: { customerId: customer.id, type: "PASSKEY", status: "ACTIVE" } })) {
    throw new DomainError(
      "PASSKEY_ALREADY_ENROLLED",
      "The customer already has a passkey; delete it (DELETE /sca/factors/{credentialId}) before enrolling another",
    );
  }
  const start = await registrationOptions(customer);
  await db.$transaction(async (tx) => {
    await scaState(tx, platformId, customer.id);
    await tx.scaFactor.deleteMany({ where: { customerId: customer.id, type: "PASSKEY", status: "PENDING" } });
    const detail: StoredPasskey = { challenge: start.options.challenge };
    await tx.scaFactor.create({
      data: { id: newUuid(), platformId, customerId: customer.id, type: "PASSKEY", detail: JSON.stringify(detail) },
    });
  });
  return { type: "PASSKEY", ...start };
}

async function confirmPasskeyEnrollment(
  db: PrismaClient,
  customerId: string,
  input: { origin: string; credential: Record<string, unknown> },
) {
  const pending = await db.scaFactor.findFirst({
    where: { customerId, type: "PASSKEY", status: "PENDING" },
    orderBy: { id: "desc" },
  });
  const challenge = pending?.detail ? (JSON.parse(pending.detail) as StoredPasskey).challenge : undefined;
  if (!pending || !challenge)
    throw invalidField(
      "credential",
      "No passkey enrollment is pending; start one with POST /sca/factors {type: PASSKEY}",
    );
  const stored = await verifyEnrollment(input.credential, input.origin, challenge);
  try {
    await db.scaFactor.update({
      where: { id: pending.id },
      data: { status: "ACTIVE", detail: JSON.stringify(stored) },
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError(
        "PASSKEY_ALREADY_ENROLLED",
        "The customer already has a passkey; delete it before enrolling another",
      );
    throw err;
  }
  return {
    type: "PASSKEY",
    factor: { factor: "PASSKEY", credentialId: toApiId("ScaFactor", pending.id), name: "Passkey" },
  };
}

export async function confirmFactorEnrollment(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  input: EnrollConfirm,
) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  if (input.type === "PASSKEY") return confirmPasskeyEnrollment(db, customer.id, input);
  const pending = await db.scaFactor.findFirst({
    where: { customerId: customer.id, type: "TOTP", status: "PENDING" },
    orderBy: { id: "desc" },
  });
  let secret: Buffer;
  try {
    secret = base32Decode(input.secret);
  } catch {
    throw invalidField("secret", "secret must be the value returned by POST /sca/factors", "FORMAT");
  }
  if (!pending?.detail || !openSecret(JSON.parse(pending.detail).secret).equals(secret)) {
    throw invalidField("secret", "No enrollment is pending for this secret; start again with POST /sca/factors");
  }
  if (!verifyTotp(secret, input.code)) throw new DomainError("UNAUTHORIZED", "Invalid verification code");
  const recoveryCodes = Array.from({ length: 8 }, () =>
    randomBytes(6)
      .toString("hex")
      .toUpperCase()
      .replace(/(.{4})(.{4})(.{4})/, "$1-$2-$3"),
  );
  const detail = {
    ...JSON.parse(pending.detail),
    recoveryCodeHashes: recoveryCodes.map((c) => createHash("sha256").update(c).digest("hex")),
  };
  try {
    await db.scaFactor.update({
      where: { id: pending.id },
      data: { status: "ACTIVE", detail: JSON.stringify(detail) },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError("CONFLICT", "A TOTP factor is already enrolled");
    throw err;
  }
  return { type: "TOTP", recoveryCodes };
}

/** Removing a factor weakens the account, so it needs a live SCA login session. */
export async function deleteFactor(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  credentialId: string,
): Promise<void> {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const uuid = parseApiId("ScaFactor", credentialId);
  const factor = uuid
    ? await db.scaFactor.findFirst({ where: { id: uuid, customerId: customer.id, platformId } })
    : null;
  if (!factor) throw new DomainError("REFERENCE_NOT_FOUND", `SCA factor ${credentialId} not found`);
  await requireScaSession(db, platformId, customer.id);
  await db.scaFactor.delete({ where: { id: factor.id } });
}

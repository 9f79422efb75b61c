// 2FA reset: a liveness-gated recovery of a lost factor. Meridian's sandbox
// has no liveness provider, so a reset passes liveness at once
// (LIVENESS_PASSED); completing it clears a TOTP factor (re-enrollment
// follows) or moves SMS_OTP to a new, verified mobile number.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { SCA_RESET_TTL_MS } from "../../sandbox/sca";
import { changeCustomerContact } from "../customers/contact";
import { availableFactors, requireScaCustomer, scaState } from "./state";

export async function startReset(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  factor: "SMS_OTP" | "TOTP" | "PASSKEY",
) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const { factors } = await availableFactors(db, customer);
  if (!factors.includes(factor)) throw invalidField("factor", `${factor} is not enrolled for this customer`);
  const open = await db.scaReset.findFirst({
    where: {
      customerId: customer.id,
      status: { in: ["INITIATED", "PENDING_REVIEW", "LIVENESS_PASSED"] },
      createdAt: { gt: new Date(Date.now() - SCA_RESET_TTL_MS) },
    },
  });
  if (open)
    throw new DomainError("CONFLICT", "A 2FA reset is already in progress", { resetId: toApiId("ScaReset", open.id) });
  await scaState(db, platformId, customer.id);
  const row = await db.scaReset.create({
    data: { id: newUuid(), platformId, customerId: customer.id, factor, status: "LIVENESS_PASSED" },
  });
  return {
    resetId: toApiId("ScaReset", row.id),
    expiresAt: new Date(row.createdAt.getTime() + SCA_RESET_TTL_MS).toISOString(),
  };
}

async function loadReset(db: PrismaClient, platformId: string, customerId: string, resetId: string) {
  const customer = await requireScaCustomer(db, platformId, customerId);
  const uuid = parseApiId("ScaReset", resetId);
  const row = uuid ? await db.scaReset.findFirst({ where: { id: uuid, customerId: customer.id, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Reset ${resetId} not found`);
  const expiresAt = new Date(row.createdAt.getTime() + SCA_RESET_TTL_MS);
  const status = row.status !== "COMPLETED" && expiresAt.getTime() <= Date.now() ? "EXPIRED" : row.status;
  return { customer, row, status, expiresAt };
}

export async function getReset(db: PrismaClient, platformId: string, customerId: string, resetId: string) {
  const { customer, row, status, expiresAt } = await loadReset(db, platformId, customerId, resetId);
  let enrollmentStatus: string | null = null;
  if ((row.factor === "TOTP" || row.factor === "PASSKEY") && status === "COMPLETED") {
    const active = await db.scaFactor.findFirst({
      where: {
        customerId: customer.id,
        type: row.factor,
        status: "ACTIVE",
        createdAt: { gt: row.completedAt ?? row.createdAt },
      },
    });
    enrollmentStatus = active ? "COMPLETED" : "PENDING";
  }
  return {
    status,
    factor: row.factor,
    enrollmentStatus,
    expiresAt: expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function completeReset(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  resetId: string,
  input: { mobile?: { countryCode: string; number: string } },
) {
  const { customer, row, status } = await loadReset(db, platformId, customerId, resetId);
  if (status !== "LIVENESS_PASSED")
    throw new DomainError("CONFLICT", `This reset is ${status} and cannot be completed`);
  let phone: string | undefined;
  if (row.factor === "SMS_OTP") {
    if (!input.mobile) throw invalidField("mobile", "mobile is required to reset SMS_OTP", "REQUIRED");
    phone = `${input.mobile.countryCode}${input.mobile.number}`;
    if (!/^\+[1-9]\d{1,14}$/.test(phone))
      throw invalidField("mobile.number", "countryCode + number must form an E.164 phone number", "PATTERN");
  }
  await db.$transaction(async (tx) => {
    const { count } = await tx.scaReset.updateMany({
      where: { id: row.id, status: "LIVENESS_PASSED" },
      data: { status: "COMPLETED", completedAt: new Date() },
    });
    if (count === 0) throw new DomainError("CONFLICT", "This reset was already completed");
    if (row.factor === "TOTP" || row.factor === "PASSKEY")
      await tx.scaFactor.deleteMany({ where: { customerId: customer.id, type: row.factor } });
    if (phone) {
      await changeCustomerContact(tx, customer, { phoneNumber: phone });
      await tx.customerSca.update({ where: { customerId: customer.id }, data: { verifiedPhone: phone } });
    }
    // A reset ends any SCA session opened with the lost factor.
    await tx.customerSca.update({ where: { customerId: customer.id }, data: { sessionExpiresAt: null } });
  });
}

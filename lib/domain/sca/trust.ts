// Beneficiary trust: a customer in an SCA region whitelists (or removes) an
// external account. Both legs need a live SCA login session; the confirm
// answers the challenge the start issued. The trusted flag lives on the
// external account, whose DELETE refuses trusted beneficiaries.
import type { PrismaClient } from "../../db/generated/client";
import { ApiError, invalidField } from "../../api/errors";
import { parseApiId, toApiId } from "../../ids";
import { answerChallenge, issueChallenge } from "./codes";
import { availableFactors, requireScaCustomer, requireScaSession, totpChecker } from "./state";

type Direction = "TRUST" | "UNTRUST";

async function loadBeneficiary(db: PrismaClient, platformId: string, externalAccountId: string) {
  const uuid = parseApiId("ExternalAccount", externalAccountId);
  const account = uuid ? await db.externalAccount.findFirst({ where: { id: uuid, platformId, deletedAt: null } }) : null;
  if (!account) throw new ApiError("NOT_FOUND", `External account ${externalAccountId} not found`);
  if (!account.customerId) throw new ApiError("CONFLICT", "Strong Customer Authentication is not required for platform external accounts");
  const customer = await requireScaCustomer(db, platformId, toApiId("Customer", account.customerId));
  return { account, customer };
}

export async function startBeneficiaryTrust(db: PrismaClient, platformId: string, externalAccountId: string, direction: Direction) {
  const { account, customer } = await loadBeneficiary(db, platformId, externalAccountId);
  await requireScaSession(db, platformId, customer.id);
  const { factors } = await availableFactors(db, customer);
  if (factors.length === 0) throw invalidField("customerId", "The customer has no SCA factor: verify the phone number or enroll TOTP");
  const factor = factors.includes("TOTP") ? "TOTP" : "SMS_OTP";
  const challenge = await issueChallenge(db, { platformId, customerId: customer.id, purpose: direction, factor, targetId: account.id });
  return {
    scaChallenge: {
      id: toApiId("ScaChallenge", challenge.id),
      expiresAt: challenge.expiresAt.toISOString(),
      factor,
      availableFactors: factors,
      purpose: direction === "TRUST" ? "TRUST_BENEFICIARY" : "UNTRUST_BENEFICIARY",
    },
  };
}

export async function confirmBeneficiaryTrust(db: PrismaClient, platformId: string, externalAccountId: string, direction: Direction, input: { challengeId?: string; code?: string }) {
  const { account, customer } = await loadBeneficiary(db, platformId, externalAccountId);
  await requireScaSession(db, platformId, customer.id);
  if (!input.code) throw invalidField("code", "code is required", "REQUIRED");
  const { totp } = await availableFactors(db, customer);
  await answerChallenge(db, { customerId: customer.id, purpose: direction, targetId: account.id, challengeId: input.challengeId, code: input.code, totp: totpChecker(totp) });
  const trusted = direction === "TRUST";
  await db.externalAccount.update({ where: { id: account.id }, data: { trusted } });
  return { trusted };
}

// Beneficiary trust: a customer in an SCA region whitelists (or removes) an
// external account. Both legs need a live SCA login session; the confirm
// answers the challenge the start issued. The trusted flag lives on the
// external account, whose DELETE refuses trusted beneficiaries.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { parseApiId, toApiId } from "../../ids";
import { answerChallenge, issueChallenge } from "./codes";
import { allowedOrigins } from "./passkey";
import {
  availableFactors,
  passkeyChallengeFor,
  passkeyChecker,
  requireScaCustomer,
  requireScaSession,
  smsTo,
  totpChecker,
} from "./state";

type Direction = "TRUST" | "UNTRUST";

async function loadBeneficiary(db: PrismaClient, platformId: string, externalAccountId: string) {
  const uuid = parseApiId("ExternalAccount", externalAccountId);
  const account = uuid
    ? await db.externalAccount.findFirst({ where: { id: uuid, platformId, deletedAt: null } })
    : null;
  if (!account) throw new DomainError("REFERENCE_NOT_FOUND", `External account ${externalAccountId} not found`);
  if (!account.customerId)
    throw new DomainError("CONFLICT", "Strong Customer Authentication is not required for platform external accounts");
  const customer = await requireScaCustomer(db, platformId, toApiId("Customer", account.customerId));
  return { account, customer };
}

export async function startBeneficiaryTrust(
  db: PrismaClient,
  platformId: string,
  externalAccountId: string,
  direction: Direction,
) {
  const { account, customer } = await loadBeneficiary(db, platformId, externalAccountId);
  await requireScaSession(db, platformId, customer.id);
  const { factors, passkey } = await availableFactors(db, customer);
  if (factors.length === 0)
    throw invalidField(
      "customerId",
      "The customer has no SCA factor: verify the phone number, or enroll TOTP or a passkey",
    );
  const factor = factors.includes("TOTP") ? "TOTP" : factors.includes("SMS_OTP") ? "SMS_OTP" : "PASSKEY";
  const webauthn =
    factor === "PASSKEY"
      ? await passkeyChallengeFor(passkey!, {
          purpose: direction,
          externalAccountId: toApiId("ExternalAccount", account.id),
        })
      : null;
  const challenge = await issueChallenge(db, {
    platformId,
    customerId: customer.id,
    purpose: direction,
    factor,
    targetId: account.id,
    deliverTo: factor === "SMS_OTP" ? smsTo(customer) : null,
    passkeyChallenge: webauthn?.challenge,
  });
  return {
    scaChallenge: {
      id: toApiId("ScaChallenge", challenge.id),
      expiresAt: challenge.expiresAt.toISOString(),
      factor,
      availableFactors: factors,
      purpose: direction === "TRUST" ? "TRUST_BENEFICIARY" : "UNTRUST_BENEFICIARY",
      ...(webauthn ? { passkeyAssertionOptions: webauthn.options, passkeyAllowedOrigins: allowedOrigins() } : {}),
    },
  };
}

export async function confirmBeneficiaryTrust(
  db: PrismaClient,
  platformId: string,
  externalAccountId: string,
  direction: Direction,
  input: { challengeId?: string; code?: string; passkeyAssertion?: Record<string, unknown>; origin?: string },
) {
  const { account, customer } = await loadBeneficiary(db, platformId, externalAccountId);
  await requireScaSession(db, platformId, customer.id);
  if (!input.code && !input.passkeyAssertion)
    throw invalidField("code", "code (or passkeyAssertion and origin for a PASSKEY challenge) is required", "REQUIRED");
  const { totp, passkey } = await availableFactors(db, customer);
  await answerChallenge(db, {
    customerId: customer.id,
    purpose: direction,
    targetId: account.id,
    challengeId: input.challengeId,
    code: input.code,
    totp: totpChecker(totp),
    passkey: passkeyChecker(db, passkey, input),
  });
  const trusted = direction === "TRUST";
  await db.externalAccount.update({ where: { id: account.id }, data: { trusted } });
  return { trusted };
}

// Customer email/phone changes for customers whose contact is tied to
// embedded-wallet OTP credentials (PATCH /customers/{customerId}).
//
// Changing the email of a customer with EMAIL_OTP credentials (the phone, with
// SMS_OTP credentials) takes the signed retry, signed by a session of one of
// the customer's embedded wallets. The challenge binds the set of tied credentials;
// on the retry the customer field and every tied credential change in one
// transaction, and if the set changed meanwhile the change is refused with
// 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED / SMS_OTP_CREDENTIAL_SET_CHANGED.
import "server-only";
import { db, isUniqueViolation, type Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import type { SignedCall, WalletCall } from "../common/call";
import { toApiId } from "../../ids";
import type { ContactGate } from "../customers/contact";
import { isSignedRetry, signedRetry } from "./signed-retry";
import { activityPayload } from "./payloads";
import { emailOtpTaken } from "./credentials";

const RULES = {
  EMAIL_OTP: {
    field: "email" as const,
    activity: "UPDATE_USER_EMAIL",
    parameter: "userEmail",
    taken: () =>
      new DomainError(
        "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
        "This email is already tied to another customer's EMAIL_OTP credential",
      ),
    changed: () =>
      new DomainError(
        "EMAIL_OTP_CREDENTIAL_SET_CHANGED",
        "The customer's EMAIL_OTP credentials changed after the challenge was issued; start again",
      ),
  },
  SMS_OTP: {
    field: "phoneNumber" as const,
    activity: "UPDATE_USER_PHONE_NUMBER",
    parameter: "userPhoneNumber",
    taken: () =>
      new DomainError(
        "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS",
        "This phone number is already tied to another customer's SMS_OTP credential",
      ),
    changed: () =>
      new DomainError(
        "SMS_OTP_CREDENTIAL_SET_CHANGED",
        "The customer's SMS_OTP credentials changed after the challenge was issued; start again",
      ),
  },
};

async function tiedCredentials(tx: Db, platformId: string, customerId: string, type: string) {
  return tx.walletCredential.findMany({
    where: { platformId, customerId, type },
    orderBy: { id: "asc" },
    select: { id: true, accountId: true },
  });
}

export function walletContactGate(input: { ctx: WalletCall; call: SignedCall }): ContactGate {
  const { ctx, call } = input;
  return async (customer, change) => {
    const type = change.email !== undefined ? "EMAIL_OTP" : change.phoneNumber !== undefined ? "SMS_OTP" : null;
    if (!type) return null;
    const rule = RULES[type];
    const value = change[rule.field]!;
    const tied = await tiedCredentials(db(), ctx.platformId, customer.id, type);
    // A retry whose credentials vanished since the challenge still goes through the check below (409).
    if (tied.length === 0 && !isSignedRetry(call)) return null;
    const taken =
      type === "EMAIL_OTP"
        ? await emailOtpTaken(db(), ctx.platformId, value, customer.id)
        : await db().walletCredential.findFirst({
            where: { platformId: ctx.platformId, type, customerId: { not: customer.id }, phoneNumber: value },
          });
    if (taken) throw rule.taken();
    const wallets = (
      await db().internalAccount.findMany({
        where: { platformId: ctx.platformId, customerId: customer.id, type: "EMBEDDED_WALLET" },
        orderBy: { id: "asc" },
        select: { id: true },
      })
    ).map((a) => a.id);
    if (wallets.length === 0) return null;
    const r = await signedRetry({
      ctx,
      call,
      accountId: wallets[0],
      signerAccountIds: wallets,
      purpose: `customer.contact:${customer.id}`,
      payloadToSign: (requestId) =>
        activityPayload(ctx.clock, rule.activity, toApiId("InternalAccount", wallets[0]), requestId, {
          [rule.parameter]: value,
          userId: toApiId("Customer", customer.id),
        }),
      data: { credentialIds: tied.map((c) => c.id) },
    });
    if (r.kind !== "approved") return r;
    const bound = (r.verified.data.credentialIds as string[]) ?? [];
    return {
      kind: "apply",
      apply: async (tx: Db) => {
        // Lock the tied set, compare it with the one the challenge bound, then move every credential.
        await tx.$queryRaw`SELECT id FROM wallet_credentials WHERE platform_id = ${ctx.platformId}::uuid AND
        customer_id = ${customer.id}::uuid AND type = ${type} FOR UPDATE`;
        const now = (await tiedCredentials(tx, ctx.platformId, customer.id, type)).map((c) => c.id);
        if (now.length !== bound.length || now.some((id, i) => id !== bound[i])) throw rule.changed();
        try {
          await tx.walletCredential.updateMany({
            where: { id: { in: bound }, platformId: ctx.platformId },
            data: { [rule.field]: value, nickname: value, updatedAt: ctx.clock.now() },
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw rule.taken();
          throw err;
        }
        await r.commit(tx, null);
      },
    };
  };
}

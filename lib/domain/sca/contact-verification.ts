// Contact Verification: email and phone one-time codes for customers whose
// region mandates them. A channel is VERIFIED while the confirmed value is
// still the customer's current one (see contactVerificationOf).
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import { DomainError, invalidField } from "../../kernel/errors";
import { serializeOneCustomer } from "../customers/serialize";
import { answerChallenge, issueChallenge } from "./codes";
import { requireContactVerificationCustomer, scaState } from "./state";

export type ContactChannel = "email" | "phone";
const PURPOSE: Record<ContactChannel, string> = { email: "VERIFY_EMAIL", phone: "VERIFY_PHONE" };

export async function sendContactCode(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  channel: ContactChannel,
): Promise<void> {
  const customer = await requireContactVerificationCustomer(db, platformId, customerId);
  const value = channel === "email" ? customer.email : customer.phoneNumber;
  // Nothing to verify is a state conflict (409, as the reference documents for these operations), not bad input:
  // the request has no body; the customer lacks the contact. details.errors still names the missing field.
  if (!value) {
    const field = channel === "email" ? "email" : "phoneNumber";
    throw new DomainError(
      "CONFLICT",
      `The customer has no ${channel === "email" ? "email address" : "phone number"}; ` +
        "set it with PATCH /customers/{customerId}",
      { errors: [{ field, constraint: "REQUIRED", message: "The customer has none to verify" }] },
    );
  }
  await db.$transaction(async (tx) => {
    await scaState(tx, platformId, customer.id);
    await issueChallenge(tx, {
      platformId,
      customerId: customer.id,
      purpose: PURPOSE[channel],
      targetId: value,
      deliverTo: { channel: channel === "email" ? "EMAIL" : "SMS", to: value },
    });
  });
}

export async function confirmContactCode(
  db: PrismaClient,
  platformId: string,
  customerId: string,
  channel: ContactChannel,
  code: string,
) {
  const customer = await requireContactVerificationCustomer(db, platformId, customerId);
  const value = channel === "email" ? customer.email : customer.phoneNumber;
  if (!value) throw invalidField("code", "No verification is in progress for this channel");
  // Answered outside a transaction so a wrong code's attempt count is kept.
  // A code sent to a previous address or number does not match the target, so it cannot verify the new one.
  await answerChallenge(db, { customerId: customer.id, purpose: PURPOSE[channel], targetId: value, code });
  await db.customerSca.update({
    where: { customerId: customer.id },
    data: channel === "email" ? { verifiedEmail: value } : { verifiedPhone: value },
  });
  return serializeOneCustomer(db, platformId, await db.customer.findUniqueOrThrow({ where: { id: customer.id } }));
}

// Sandbox card magic values: the last three characters of merchant.descriptor
// steer a simulated authorization (the reference's suffix table). Any other
// suffix is approved.
import { sandboxSuffix } from "./suffix";
import { noteSandboxRule } from "./rule-trace";

export type AuthorizationSteer =
  | { kind: "DECLINE"; declineReason: "INSUFFICIENT_FUNDS" | "CARD_PAUSED" }
  /** The pull succeeds but its confirmation reports FAILED: the transaction lands in EXCEPTION. */
  | { kind: "APPROVE_EXCEPTION" }
  /**
   * Approved, but the pull on the funding source stays PENDING for about 30 s
   * (SANDBOX_DELAYS.delayedCardPullMs, a durable job) before it is CONFIRMED.
   * Meanwhile the amount is held in the funding account's pending bucket.
   */
  | { kind: "APPROVE_DELAYED_PULL" }
  | { kind: "APPROVE" };

export const DESCRIPTOR_SUFFIXES: Record<string, AuthorizationSteer> = {
  "002": { kind: "DECLINE", declineReason: "INSUFFICIENT_FUNDS" },
  "003": { kind: "DECLINE", declineReason: "CARD_PAUSED" },
  "005": { kind: "APPROVE_DELAYED_PULL" },
  "006": { kind: "APPROVE_EXCEPTION" },
};

export function authorizationSteer(descriptor: string): AuthorizationSteer {
  const suffix = sandboxSuffix(descriptor);
  const steer = DESCRIPTOR_SUFFIXES[suffix];
  if (steer) noteSandboxRule(`card.descriptor.${suffix}`);
  return steer ?? { kind: "APPROVE" };
}

/**
 * Issuance: the reference steers POST /cards by the last three characters of
 * platformCardId, which Meridian generates itself, so the cardholder's
 * platformCustomerId (the platform's own identifier) carries the suffix instead.
 */
export type IssuanceSteer =
  | { kind: "STAY_PROCESSING" }
  /** The issuer rejects provisioning: the activation job closes the card with statusReason ISSUER_REJECTED. */
  | { kind: "REJECT" }
  | { kind: "ACTIVATE"; delay: "NORMAL" | "SLOW" };

export const ISSUANCE_SUFFIXES: Record<string, IssuanceSteer> = {
  "001": { kind: "STAY_PROCESSING" },
  "002": { kind: "REJECT" },
  "005": { kind: "ACTIVATE", delay: "SLOW" },
};

export function issuanceSteer(platformCustomerId: string): IssuanceSteer {
  const suffix = sandboxSuffix(platformCustomerId);
  const steer = ISSUANCE_SUFFIXES[suffix];
  if (steer) noteSandboxRule(`card.issuance.${suffix}`);
  return steer ?? { kind: "ACTIVATE", delay: "NORMAL" };
}

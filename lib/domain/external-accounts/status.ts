// External account status transitions, as one table (spec "External account
// status"; the reference adds none among PENDING/ACTIVE/UNDER_REVIEW/INACTIVE,
// so Meridian's one extra row is its sandbox bank validation).
import "server-only";
import type { ExternalAccountStatus } from "./schemas";

export type ExternalAccountEvent = "OWNERSHIP_VERIFIED" | "OWNERSHIP_FAILED" | "BANK_VALIDATED";

export const EXTERNAL_ACCOUNT_TRANSITIONS: Record<
  ExternalAccountEvent,
  { from: ExternalAccountStatus[]; to: ExternalAccountStatus }
> = {
  OWNERSHIP_VERIFIED: { from: ["PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED"], to: "ACTIVE" },
  OWNERSHIP_FAILED: { from: ["PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED"], to: "UNVERIFIED" },
  BANK_VALIDATED: { from: ["PENDING"], to: "ACTIVE" },
};

export function nextStatus(current: string, event: ExternalAccountEvent): ExternalAccountStatus | null {
  const t = EXTERNAL_ACCOUNT_TRANSITIONS[event];
  return (t.from as string[]).includes(current) ? t.to : null;
}

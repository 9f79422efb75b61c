// Sandbox time. Timed outcomes ("about 30 seconds", "about 6 minutes") are
// scheduled as durable jobs whose delay is multiplied by
// MERIDIAN_SANDBOX_TIME_SCALE, and POST /sandbox/clock/advance moves a
// platform's pending jobs earlier, as if that much time had passed.
import { env } from "../env";

export const SANDBOX_DELAYS = {
  /** External-account suffix 005: pending, then fails. */
  pendingThenFailMs: 30_000,
  /** Quote destination suffix 003: completes after a long payment. */
  longPaymentMs: 6 * 60_000,
  /** Quote destination suffix 005: the payout completes first, then comes back this much later. */
  payoutReturnMs: 60_000,
  /** Card activation after POST /cards. */
  cardActivationMs: 2_000,
  /** Card activation for the cardholder suffix 005 ("about 30 seconds"). */
  slowCardActivationMs: 30_000,
  /** Card authorization with descriptor suffix 005: the pull confirms "about 30 seconds" later. */
  delayedCardPullMs: 30_000,
} as const;

export function sandboxDelayMs(nominalMs: number): number {
  return Math.round(nominalMs * env().MERIDIAN_SANDBOX_TIME_SCALE);
}

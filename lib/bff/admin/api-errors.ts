// The API's refusals of staff actions, reworded for the admin section where a
// staff action needs more specific advice than the shared table of words
// (lib/kernel/wording.ts, applied by the route wrapper to every other code).
// The API's own code stays, so scripts and tests can still tell the cases apart.
import "server-only";
import { BffError } from "../client";

const ADVICE: Record<string, string> = {
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL:
    "This transaction is not waiting for platform approval any more, so it " +
    "cannot be approved or rejected. Reload the page to see its current status.",
  TRANSACTION_NOT_CANCELLABLE:
    "This payment can no longer be cancelled: it has settled or is past the " +
    "point of cancellation. Reload the page to see its status; to reverse a " +
    "completed payment, send a new one back.",
  TRANSACTION_NOT_FOUND:
    "That transaction does not exist on this platform. Go back to the transactions list and pick it again.",
  BENEFICIARY_TRUSTED:
    "This external account is a trusted beneficiary, so it cannot be deleted " +
    "yet. Ask the customer to untrust it first, then delete it.",
  DUPLICATE_EXTERNAL_ACCOUNT:
    "The platform already has this external account. Use the existing one from the list instead of adding it again.",
  UMA_NOT_FOUND:
    "No customer of this platform receives at that address. Check the receiver's " +
    "UMA address or give the customer id instead.",
  INVALID_UMA_ADDRESS: "That is not a UMA address. Write it as $name@domain, e.g. $alice@example.com.",
  NOT_FOUND: "That record does not exist (any more). Reload the page to see the current list.",
};

/** Runs an API call and turns a known refusal into advice, keeping the status, code and details. */
export async function withAdvice<T>(call: () => Promise<T>, more: Record<string, string> = {}): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const advice = err instanceof BffError ? (more[err.code] ?? ADVICE[err.code]) : undefined;
    if (err instanceof BffError && advice) {
      throw new BffError(err.status, err.code, advice, err.details);
    }
    throw err;
  }
}

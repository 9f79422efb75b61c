// The one place a customer's email or phone number changes. PATCH
// /customers/{customerId} routes every contact change through
// changeCustomerContact, so the embedded-wallet rule (a customer whose email
// or phone is tied to EMAIL_OTP/SMS_OTP credentials changes it only through
// the signed retry, and the credentials follow) is wired in one call here.
import "server-only";
import type { Db } from "../../db/client";
import { invalidInput } from "../../kernel/errors";
import type { SignedChallenge, StillProcessing } from "../common/call";
import type { CustomerRow } from "./serialize";

export interface ContactChange {
  email?: string;
  phoneNumber?: string;
}

/**
 * Decides whether a contact change may go ahead: nothing to do (null), a
 * signed-retry step to return instead of updating (challenge, still
 * processing), already applied by a retry a crash interrupted (done), or
 * approval with the credential updates to run in the customer update's transaction.
 * Implemented by the embedded-wallet group (lib/domain/wallet-auth/contact-change.ts).
 */
export type ContactGate = (
  customer: CustomerRow,
  change: ContactChange,
) => Promise<
  | SignedChallenge
  | StillProcessing
  | { kind: "done"; value: null }
  | { kind: "apply"; apply: (tx: Db) => Promise<void> }
  | null
>;

/** The contact fields of `input` that differ from the customer's current values. */
export function contactChangeOf(row: Pick<CustomerRow, "email" | "phoneNumber">, input: ContactChange): ContactChange {
  const change: ContactChange = {};
  if (input.email !== undefined && input.email !== row.email) change.email = input.email;
  if (input.phoneNumber !== undefined && input.phoneNumber !== row.phoneNumber) change.phoneNumber = input.phoneNumber;
  return change;
}

/** Email and phone change in separate calls (each may need its own signed retry). */
export function assertSingleContactChange(change: ContactChange): void {
  if (change.email !== undefined && change.phoneNumber !== undefined) {
    throw invalidInput(
      [
        { field: "email", constraint: "INVALID", message: "Change email and phoneNumber in separate PATCH calls" },
        {
          field: "phoneNumber",
          constraint: "INVALID",
          message: "Change email and phoneNumber in separate PATCH calls",
        },
      ],
      "Change email and phoneNumber in separate PATCH calls",
    );
  }
}

/** Applies a contact change inside the caller's transaction. */
export async function changeCustomerContact<R extends CustomerRow>(
  tx: Db,
  row: R,
  change: ContactChange,
): Promise<R | Awaited<ReturnType<Db["customer"]["update"]>>> {
  if (change.email === undefined && change.phoneNumber === undefined) return row;
  return tx.customer.update({
    where: { id: row.id },
    data: {
      ...(change.email !== undefined ? { email: change.email } : {}),
      ...(change.phoneNumber !== undefined ? { phoneNumber: change.phoneNumber } : {}),
    },
  });
}

// Every change of a customer's kycStatus/kybStatus goes through here, so each
// one fires its CUSTOMER.KYC_* / CUSTOMER.KYB_* webhook in the same transaction.
import "server-only";
import type { Db } from "../../db/client";
import type { WebhookType } from "../../webhooks/types";
import { emitWebhook } from "../../webhooks/outbox";
import type { CustomerRow } from "./serialize";
import { serializeOneCustomer } from "./serialize";

const EVENT: Record<string, Record<string, WebhookType | undefined>> = {
  INDIVIDUAL: { PENDING: "CUSTOMER.KYC_PENDING", APPROVED: "CUSTOMER.KYC_APPROVED", REJECTED: "CUSTOMER.KYC_REJECTED" },
  BUSINESS: { PENDING: "CUSTOMER.KYB_PENDING", APPROVED: "CUSTOMER.KYB_APPROVED", REJECTED: "CUSTOMER.KYB_REJECTED" },
};

export function customerStatusOf(row: Pick<CustomerRow, "customerType" | "kycStatus" | "kybStatus">): string {
  return (row.customerType === "BUSINESS" ? row.kybStatus : row.kycStatus) ?? "UNVERIFIED";
}

export function hasStatusWebhook(row: Pick<CustomerRow, "customerType" | "kycStatus" | "kybStatus">): boolean {
  return EVENT[row.customerType]?.[customerStatusOf(row)] !== undefined;
}

/** Emits the webhook for a customer that now has `row`'s status (used at creation and after a change). */
export async function emitCustomerStatusWebhook(tx: Db, platformId: string, row: CustomerRow): Promise<void> {
  const type = EVENT[row.customerType]?.[customerStatusOf(row)];
  if (type) await emitWebhook(tx, platformId, type, await serializeOneCustomer(tx, platformId, row));
}

/** Sets the customer's verification status; a real change fires its webhook. */
export async function setCustomerStatus(
  tx: Db,
  platformId: string,
  row: CustomerRow,
  status: string,
): Promise<CustomerRow> {
  if (customerStatusOf(row) === status) return row;
  const updated = await tx.customer.update({
    where: { id: row.id },
    data: row.customerType === "BUSINESS" ? { kybStatus: status } : { kycStatus: status },
  });
  await emitCustomerStatusWebhook(tx, platformId, updated);
  return updated;
}

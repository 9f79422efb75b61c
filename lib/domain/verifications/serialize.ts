// Verification rows to API responses.
import "server-only";
import { toApiId } from "../../ids";

export interface VerificationRow {
  id: string;
  customerId: string;
  status: string;
  errors: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export function serializeVerification(row: VerificationRow) {
  return {
    id: toApiId("Verification", row.id),
    customerId: toApiId("Customer", row.customerId),
    verificationStatus: row.status,
    errors: row.errors as unknown[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

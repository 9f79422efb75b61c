// Verification and beneficial-owner rows to API responses.
import "server-only";
import { toApiId } from "../../ids";

export interface BeneficialOwnerRow {
  id: string;
  customerId: string;
  roles: string[];
  ownershipPercentage: number;
  personalInfo: unknown;
  kycStatus: string;
  createdAt: Date;
  updatedAt: Date;
}

export function serializeBeneficialOwner(row: BeneficialOwnerRow) {
  const { identifier: _writeOnly, ...personalInfo } = (row.personalInfo ?? {}) as Record<string, unknown>;
  return {
    id: toApiId("BeneficialOwner", row.id),
    customerId: toApiId("Customer", row.customerId),
    roles: row.roles,
    ownershipPercentage: row.ownershipPercentage,
    personalInfo,
    kycStatus: row.kycStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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

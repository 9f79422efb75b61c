// A beneficial owner as the API shows it: part of a business customer's
// response, and of the KYC/KYB operations (lib/domain/verifications).
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

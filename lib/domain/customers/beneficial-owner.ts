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

/**
 * The identifier (tax or national id) is write-only: the reference requires the
 * field, so it comes back masked, only its last four characters readable.
 */
export function maskIdentifier(identifier: string): string {
  const visible = identifier.length > 4 ? identifier.slice(-4) : "";
  return `${"*".repeat(Math.max(identifier.length - visible.length, 4))}${visible}`;
}

export function serializeBeneficialOwner(row: BeneficialOwnerRow) {
  const { identifier, ...personalInfo } = (row.personalInfo ?? {}) as Record<string, unknown>;
  return {
    id: toApiId("BeneficialOwner", row.id),
    customerId: toApiId("Customer", row.customerId),
    roles: row.roles,
    ownershipPercentage: row.ownershipPercentage,
    personalInfo:
      typeof identifier === "string" ? { ...personalInfo, identifier: maskIdentifier(identifier) } : personalInfo,
    kycStatus: row.kycStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

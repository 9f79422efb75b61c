// What a verification packet is missing: one VerificationError per problem
// (a missing field, a missing document per holder, a missing owner, an
// unverified contact channel), in the reference's VerificationError shape.
import "server-only";
import type { Db } from "../../db/client";
import { toApiId } from "../../ids";
import { ACCEPTED_DOCUMENT_TYPES, BUSINESS_REQUIRED_FIELDS, INDIVIDUAL_REQUIRED_FIELDS } from "../../sandbox/kyc";
import type { CustomerRow } from "../customers/serialize";
import { contactVerificationOf, type ContactState } from "../customers/serialize";

export interface VerificationErrorEntry {
  resourceId: string;
  type: string;
  field?: string;
  acceptedDocumentTypes?: string[];
  reason: string;
}

export interface PacketState {
  errors: VerificationErrorEntry[];
  /** The customer's identity document (individuals), for document-quality outcomes. */
  identityDocumentId?: string;
  ownerIds: string[];
}

function valueAt(obj: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function missingFields(resourceId: string, source: unknown, fields: readonly string[]): VerificationErrorEntry[] {
  return fields
    .filter((f) => {
      const v = valueAt(source, f);
      return v === undefined || v === null || v === "";
    })
    .map((field) => ({ resourceId, type: "MISSING_FIELD", field, reason: `${field} is required for verification` }));
}

/** What the packet of a customer is made of: its owners (businesses), their and its documents, its contact state. */
export interface PacketParts {
  owners: { id: string }[];
  documents: { id: string; holderId: string; documentType: string }[];
  contact: ContactState | null;
}

export async function evaluatePacket(db: Db, platformId: string, customer: CustomerRow): Promise<PacketState> {
  const owners =
    customer.customerType === "BUSINESS"
      ? await db.beneficialOwner.findMany({ where: { platformId, customerId: customer.id }, orderBy: { id: "asc" } })
      : [];
  const documents = await db.document.findMany({
    where: { platformId, holderId: { in: [customer.id, ...owners.map((o) => o.id)] } },
    select: { id: true, holderId: true, documentType: true },
    orderBy: { id: "asc" },
  });
  const contact = await db.customerSca.findUnique({ where: { customerId: customer.id } });
  return packetOf(customer, { owners, documents, contact });
}

/** The packet's problems, from its parts (owners and documents in id order). */
export function packetOf(customer: CustomerRow, parts: PacketParts): PacketState {
  const customerRef = toApiId("Customer", customer.id);
  const profile = (customer.profile ?? {}) as Record<string, unknown>;
  const errors: VerificationErrorEntry[] = [];
  const { owners, documents } = parts;
  const docsOf = (holderId: string, accepted: readonly string[]) =>
    documents.filter((d) => d.holderId === holderId && accepted.includes(d.documentType));

  const contact = contactVerificationOf(customer, parts.contact);
  const contactErrors: VerificationErrorEntry[] = [];
  if (contact?.email === "PENDING")
    contactErrors.push({
      resourceId: customerRef,
      type: "INVALID_FIELD",
      field: "email",
      reason: "Verify the email address with POST /customers/{customerId}/verify-email first",
    });
  if (contact?.phone === "PENDING")
    contactErrors.push({
      resourceId: customerRef,
      type: "INVALID_FIELD",
      field: "phoneNumber",
      reason: "Verify the phone number with POST /customers/{customerId}/verify-phone first",
    });

  if (customer.customerType === "INDIVIDUAL") {
    errors.push(...missingFields(customerRef, profile, INDIVIDUAL_REQUIRED_FIELDS), ...contactErrors);
    const identity = docsOf(customer.id, ACCEPTED_DOCUMENT_TYPES.MISSING_IDENTITY_DOCUMENT);
    if (identity.length === 0) {
      errors.push({
        resourceId: customerRef,
        type: "MISSING_IDENTITY_DOCUMENT",
        acceptedDocumentTypes: [...ACCEPTED_DOCUMENT_TYPES.MISSING_IDENTITY_DOCUMENT],
        reason: "An identity document is required; upload one with POST /documents",
      });
    }
    return { errors, identityDocumentId: identity[0]?.id, ownerIds: [] };
  }

  errors.push(...missingFields(customerRef, profile, BUSINESS_REQUIRED_FIELDS), ...contactErrors);
  if (docsOf(customer.id, ACCEPTED_DOCUMENT_TYPES.MISSING_LEGAL_PRESENCE_DOCUMENT).length === 0) {
    errors.push({
      resourceId: customerRef,
      type: "MISSING_LEGAL_PRESENCE_DOCUMENT",
      acceptedDocumentTypes: [...ACCEPTED_DOCUMENT_TYPES.MISSING_LEGAL_PRESENCE_DOCUMENT],
      reason: "A legal presence document (for example the certificate of incorporation) is required",
    });
  }
  if (owners.length === 0) {
    errors.push({
      resourceId: customerRef,
      type: "MISSING_BENEFICIAL_OWNER",
      reason: "At least one beneficial owner is required; add one with POST /beneficial-owners",
    });
  }
  for (const owner of owners) {
    if (docsOf(owner.id, ACCEPTED_DOCUMENT_TYPES.MISSING_IDENTITY_DOCUMENT).length === 0) {
      errors.push({
        resourceId: toApiId("BeneficialOwner", owner.id),
        type: "MISSING_IDENTITY_DOCUMENT",
        acceptedDocumentTypes: [...ACCEPTED_DOCUMENT_TYPES.MISSING_IDENTITY_DOCUMENT],
        reason: "An identity document for this beneficial owner is required",
      });
    }
  }
  return { errors, ownerIds: owners.map((o) => o.id) };
}

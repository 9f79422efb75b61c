// Documents of customers and beneficial owners, stored in the database
// (bytea) and only ever read back by the platform that uploaded them. The
// file itself is never served back through the API.
import "server-only";
import type { PrismaClient } from "../../db/generated/client";
import type { Db } from "../../db/client";
import { isUniqueViolation, queryRows } from "../../db/client";
import { DomainError, invalidInput } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { newUuid, parseApiId, toApiId } from "../../ids";
import type { DocumentReplace, DocumentUpload } from "./schemas";
import { MAX_DOCUMENT_BYTES, sniffDocumentType } from "./sniff";

interface DocumentRow {
  id: string;
  holderType: string;
  holderId: string;
  documentType: string;
  side: string | null;
  country: string;
  documentNumber: string | null;
  issuingAuthority: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  updatedAt: Date;
}

const META = {
  id: true,
  holderType: true,
  holderId: true,
  documentType: true,
  side: true,
  country: true,
  documentNumber: true,
  issuingAuthority: true,
  fileName: true,
  contentType: true,
  sizeBytes: true,
  submittedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export function serializeDocument(row: DocumentRow) {
  return {
    id: toApiId("Document", row.id),
    documentHolder: toApiId(row.holderType === "CUSTOMER" ? "Customer" : "BeneficialOwner", row.holderId),
    documentType: row.documentType,
    ...(row.side ? { side: row.side } : {}),
    country: row.country,
    ...(row.documentNumber ? { documentNumber: row.documentNumber } : {}),
    ...(row.issuingAuthority ? { issuingAuthority: row.issuingAuthority } : {}),
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Reads and checks the uploaded file: JPEG, PNG or PDF by content, at most 10 MB. */
async function readFile(file: File): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw invalidInput(
      [
        {
          field: "file",
          constraint: "MAX_LENGTH",
          message: `Files may be at most ${MAX_DOCUMENT_BYTES} bytes (10 MB)`,
        },
      ],
      "File too large",
    );
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0)
    throw invalidInput([{ field: "file", constraint: "MIN_LENGTH", message: "The file is empty" }], "Empty file");
  const contentType = sniffDocumentType(bytes);
  if (!contentType)
    throw invalidInput(
      [{ field: "file", constraint: "FORMAT", message: "Upload a JPEG, PNG or PDF file" }],
      "Unsupported file type",
    );
  // eslint-disable-next-line no-control-regex -- control characters are what a stored file name must not hold
  const name = (file.name || "document").replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 255);
  return { bytes, contentType, fileName: name };
}

/** The holder (customer or beneficial owner) of this platform, or 404. */
export async function resolveHolder(
  db: Db,
  platformId: string,
  holder: string,
): Promise<{ holderType: "CUSTOMER" | "BENEFICIAL_OWNER"; holderId: string }> {
  const customerId = parseApiId("Customer", holder);
  if (customerId) {
    const c = await db.customer.findFirst({
      where: { id: customerId, platformId, deletedAt: null },
      select: { id: true },
    });
    if (!c) throw new DomainError("USER_NOT_FOUND", `Customer ${holder} not found`);
    return { holderType: "CUSTOMER", holderId: c.id };
  }
  const ownerId = parseApiId("BeneficialOwner", holder);
  const o = ownerId
    ? await db.beneficialOwner.findFirst({ where: { id: ownerId, platformId }, select: { id: true } })
    : null;
  if (!o) throw new DomainError("REFERENCE_NOT_FOUND", `Document holder ${holder} not found`);
  return { holderType: "BENEFICIAL_OWNER", holderId: o.id };
}

function alreadyExists(documentType: string): DomainError {
  return new DomainError(
    "DOCUMENT_ALREADY_EXISTS",
    `A ${documentType} document already exists for this holder; replace it with PUT /documents/{documentId}`,
  );
}

export async function uploadDocument(db: PrismaClient, platformId: string, input: DocumentUpload) {
  const fast = await uploadForCustomer(platformId, input);
  if (fast) return serializeDocument(fast);
  const holder = await resolveHolder(db, platformId, input.documentHolder);
  const file = await readFile(input.file);
  try {
    const row = await db.document.create({
      data: {
        id: newUuid(),
        platformId,
        ...holder,
        ...storedFields(input, file),
      },
      select: META,
    });
    return serializeDocument(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists(input.documentType);
    throw err;
  }
}

/**
 * The common case in one statement: a customer holder and a file that reads cleanly. The customer check and
 * the insert are one `INSERT … SELECT`, so a missing (or deleted, or another platform's) customer inserts
 * nothing and the general path below answers with its error; a file error is left to that path too, so every
 * error keeps one source and the holder is still checked before the file. The customer is found by its primary key
 * alone (the `OFFSET 0` keeps the platform and deletion checks out of that scan): given `platform_id = … AND
 * deleted_at IS NULL` as well, the planner, with no statistics yet on a table that grew fast, chose the partial
 * unique index on (platform_id, lower(uma_address)) and read every active customer of the platform to find one
 * (4,150 index entries per upload in bench/api, 2.3 ms of PostgreSQL CPU; docs/performance.md, h20docs).
 */
async function uploadForCustomer(platformId: string, input: DocumentUpload) {
  const customerId = parseApiId("Customer", input.documentHolder);
  if (!customerId) return null;
  const file = await readFile(input.file).catch(() => null);
  if (!file) return null;
  const f = storedFields(input, file);
  try {
    const rows = await queryRows<DocumentRow>(
      `INSERT INTO documents (id, platform_id, holder_type, holder_id, document_type, side, country, document_number,
        issuing_authority, file_name, content_type, size_bytes, content)
      SELECT $1::uuid, c.platform_id, 'CUSTOMER', c.id, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text,
        $8::text, $9::integer, $10::bytea
      FROM (SELECT id, platform_id, deleted_at FROM customers WHERE id = $11::uuid OFFSET 0) c
      WHERE c.platform_id = $12::uuid AND c.deleted_at IS NULL
      RETURNING id, holder_type AS "holderType", holder_id AS "holderId", document_type AS "documentType", side,
        country, document_number AS "documentNumber", issuing_authority AS "issuingAuthority",
        file_name AS "fileName", content_type AS "contentType", size_bytes AS "sizeBytes",
        submitted_at AS "submittedAt", created_at AS "createdAt", updated_at AS "updatedAt"`,
      [
        newUuid(),
        f.documentType,
        f.side,
        f.country,
        f.documentNumber,
        f.issuingAuthority,
        f.fileName,
        f.contentType,
        f.sizeBytes,
        file.bytes,
        customerId,
        platformId,
      ],
    );
    return rows[0] ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists(input.documentType);
    throw err;
  }
}

/** The columns a create and a replace both write: the metadata and the file itself. */
function storedFields(
  input: {
    documentType: string;
    side?: string | null;
    country: string;
    documentNumber?: string | null;
    issuingAuthority?: string | null;
  },
  file: { fileName: string; contentType: string; bytes: Buffer | Uint8Array },
) {
  return {
    documentType: input.documentType,
    side: input.side ?? null,
    country: input.country,
    documentNumber: input.documentNumber ?? null,
    issuingAuthority: input.issuingAuthority ?? null,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    content: new Uint8Array(file.bytes),
  };
}

async function getDocumentRow(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("Document", id);
  const row = uuid ? await db.document.findFirst({ where: { id: uuid, platformId }, select: META }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Document ${id} not found`);
  return row;
}

export async function getDocument(db: Db, platformId: string, id: string) {
  return serializeDocument(await getDocumentRow(db, platformId, id));
}

function assertNotSubmitted(row: { submittedAt: Date | null }, action: string) {
  if (row.submittedAt)
    throw new DomainError("CONFLICT", `This document was submitted for verification and cannot be ${action}`);
}

export async function replaceDocument(db: PrismaClient, platformId: string, id: string, input: DocumentReplace) {
  const row = await getDocumentRow(db, platformId, id);
  assertNotSubmitted(row, "replaced");
  const file = await readFile(input.file);
  try {
    const updated = await db.document.update({
      where: { id: row.id },
      data: storedFields(input, file),
      select: META,
    });
    return serializeDocument(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists(input.documentType);
    throw err;
  }
}

export async function deleteDocument(db: PrismaClient, platformId: string, id: string): Promise<void> {
  const row = await getDocumentRow(db, platformId, id);
  assertNotSubmitted(row, "deleted");
  await db.document.deleteMany({ where: { id: row.id, platformId, submittedAt: null } });
}

export async function listDocuments(db: Db, platformId: string, q: PaginationQuery & { documentHolder?: string }) {
  const holderId = q.documentHolder
    ? (parseApiId("Customer", q.documentHolder) ?? parseApiId("BeneficialOwner", q.documentHolder))
    : null;
  const where = { platformId, ...(holderId ? { holderId } : {}) };
  const page = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.document.findMany({
      where: { ...where, ...page.cursorWhere },
      orderBy: page.orderBy,
      take: page.take,
      select: META,
    }),
    db.document.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, serializeDocument);
}

// Bulk customer import from CSV (POST /customers/bulk/csv). The upload is
// checked and stored with its job row; the job (lib/jobs) creates the
// customers row by row through the same createCustomer as POST /customers,
// recording progress as it goes, so a restarted job resumes where it stopped
// (each row's customer id is derived from the import and the row, so a row the
// dead run created is recognised, not created twice).
import "server-only";
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { PrismaClient } from "../../db/generated/client";
import { db as defaultDb } from "../../db/client";
import { DomainError, invalidInput } from "../../kernel/errors";
import { failpoint } from "../../kernel/failpoints";
import { isStorableText, parseOrThrow } from "../../kernel/validation";
import { newUuid, parseApiId, toApiId } from "../../ids";
import { enqueueJob, type JobHandler } from "../../jobs/queue";
import { emitWebhook } from "../../webhooks/outbox";
import { CustomerCreate } from "./schemas";
import { createCustomer } from "./create-customer";

export const BULK_IMPORT_JOB = "customers.bulk-import";
export const MAX_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_CSV_ROWS = 10_000;
/** Rows per job run: each run stays well inside the job lease, then the job reschedules itself. */
const ROWS_PER_RUN = 200;

type CsvRow = Record<string, string>;

function parseCsv(text: string): CsvRow[] {
  return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as CsvRow[];
}

/** One CSV row to a POST /customers body (reference column names). */
export function rowToCustomerInput(row: CsvRow): Record<string, unknown> {
  const v = (k: string) => (row[k] === undefined || row[k] === "" ? undefined : row[k]);
  const address =
    v("addressLine1") || v("city") || v("postalCode") || v("country")
      ? {
          line1: v("addressLine1"),
          line2: v("addressLine2"),
          city: v("city"),
          state: v("state"),
          postalCode: v("postalCode"),
          country: v("country"),
        }
      : undefined;
  const uma = v("umaAddress");
  const common = {
    customerType: v("customerType"),
    platformCustomerId: v("platformCustomerId"),
    umaAddress: uma && !uma.startsWith("$") ? `$${uma}` : uma,
    region: v("region"),
    email: v("email"),
    phoneNumber: v("phoneNumber"),
    currencies: v("currencies")
      ?.split(/[;|]/)
      .map((c) => c.trim())
      .filter(Boolean),
    address,
  };
  if (v("customerType") === "BUSINESS") {
    return {
      ...common,
      businessInfo: {
        legalName: v("businessLegalName"),
        registrationNumber: v("businessRegistrationNumber"),
        taxId: v("businessTaxId"),
        country: v("businessCountry") ?? v("country"),
        incorporatedOn: v("businessIncorporatedOn"),
      },
    };
  }
  return { ...common, fullName: v("fullName"), birthDate: v("birthDate"), nationality: v("nationality") };
}

export async function startBulkImport(db: PrismaClient, platformId: string, file: File) {
  if (file.size > MAX_CSV_BYTES)
    throw invalidInput([{ field: "file", constraint: "MAX_LENGTH", message: "CSV files may be at most 10 MB" }]);
  const text = await file.text();
  if (!isStorableText(text))
    throw invalidInput(
      [{ field: "file", constraint: "FORMAT", message: "The CSV must not contain NUL characters" }],
      "Malformed CSV",
    );
  let rows: CsvRow[];
  try {
    rows = parseCsv(text);
  } catch (err) {
    throw invalidInput(
      [{ field: "file", constraint: "FORMAT", message: `Not a readable CSV file: ${(err as Error).message}` }],
      "Malformed CSV",
    );
  }
  if (rows.length === 0)
    throw invalidInput(
      [{ field: "file", constraint: "MIN_LENGTH", message: "The CSV has a header but no customer rows" }],
      "Empty CSV",
    );
  if (rows.length > MAX_CSV_ROWS)
    throw invalidInput([
      { field: "file", constraint: "MAX_LENGTH", message: `At most ${MAX_CSV_ROWS} rows per upload` },
    ]);
  if (!("customerType" in rows[0]))
    throw invalidInput(
      [{ field: "file", constraint: "FORMAT", message: "The header must include a customerType column" }],
      "Missing columns",
    );
  const id = newUuid();
  await db.$transaction(async (tx) => {
    await tx.customerImportJob.create({ data: { id, platformId, csv: text, total: rows.length } });
    await enqueueJob(tx, { type: BULK_IMPORT_JOB, platformId, payload: { importId: id } });
  });
  return { jobId: toApiId("Job", id), status: "PENDING" };
}

interface ImportRow {
  id: string;
  status: string;
  total: number;
  processed: number;
  successful: number;
  failed: number;
  errors: unknown;
  completedAt: Date | null;
}

export function serializeImportJob(row: ImportRow) {
  return {
    id: toApiId("Job", row.id),
    status: row.status,
    progress: { total: row.total, processed: row.processed, successful: row.successful, failed: row.failed },
    errors: row.errors as unknown[],
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
  };
}

export async function getBulkImport(db: PrismaClient, platformId: string, jobId: string) {
  const uuid = parseApiId("Job", jobId);
  const row = uuid ? await db.customerImportJob.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("BULK_UPLOAD_JOB_NOT_FOUND", `Job ${jobId} not found`);
  return serializeImportJob(row);
}

/** The id of the customer of row `index` of an import: the same on every run of the job. */
function rowCustomerId(importId: string, index: number): string {
  const h = createHash("sha256").update(`${importId}:${index}`).digest("hex");
  // UUID version 8 (custom), RFC 9562 variant.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const bulkImportJob: JobHandler = async (job) => {
  const db = defaultDb();
  const importId = String(job.payload.importId);
  const row = await db.customerImportJob.findUnique({ where: { id: importId } });
  if (!row || row.status === "COMPLETED" || row.status === "FAILED") return;
  const rows = parseCsv(row.csv);
  const errors = [...(row.errors as object[])];
  let { processed, successful, failed } = row;
  await db.customerImportJob.update({ where: { id: importId }, data: { status: "PROCESSING" } });
  const end = Math.min(rows.length, processed + ROWS_PER_RUN);
  for (let i = processed; i < end; i++) {
    const input = rowToCustomerInput(rows[i]);
    const correlationId = (input.platformCustomerId as string | undefined) ?? `row_${i + 1}`;
    const customerId = rowCustomerId(importId, i);
    try {
      // A run that died after creating this row's customer, before saving its progress, left it: count it.
      if (!(await db.customer.findUnique({ where: { id: customerId }, select: { id: true } })))
        await createCustomer(db, row.platformId, parseOrThrow(CustomerCreate, input), { id: customerId });
      // Crash tests: the third row's customer committed, its progress not yet saved.
      failpoint("bulk-import-row-created", i === 2);
      successful++;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      failed++;
      errors.push({
        correlationId,
        code: err.code,
        reason: err.reason,
        ...(err.details ? { details: err.details } : {}),
      });
    }
    processed++;
    // Progress is saved per row so a pollable count is always current and a resumed run skips what is done.
    await db.customerImportJob.update({ where: { id: importId }, data: { processed, successful, failed, errors } });
  }
  if (processed < rows.length) return { retryInMs: 0, note: `imported ${processed}/${rows.length}` };
  const status = successful === 0 && failed > 0 ? "FAILED" : "COMPLETED";
  await db.$transaction(async (tx) => {
    const done = await tx.customerImportJob.update({
      where: { id: importId },
      data: { status, processed, successful, failed, errors, completedAt: new Date() },
    });
    await emitWebhook(
      tx,
      row.platformId,
      status === "COMPLETED" ? "BULK_UPLOAD.COMPLETED" : "BULK_UPLOAD.FAILED",
      serializeImportJob(done),
    );
  });
};

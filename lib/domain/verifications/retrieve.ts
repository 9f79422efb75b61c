// GET /verifications and GET /verifications/{verificationId}.
import "server-only";
import type { Db } from "../../db/client";
import { DomainError } from "../../kernel/errors";
import { boundedCount, pageArgs, toPage, type PaginationQuery } from "../../kernel/pagination";
import { parseApiId } from "../../ids";
import { serializeVerification } from "./serialize";

export async function getVerification(db: Db, platformId: string, id: string) {
  const uuid = parseApiId("Verification", id);
  const row = uuid ? await db.verification.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new DomainError("REFERENCE_NOT_FOUND", `Verification ${id} not found`);
  return serializeVerification(row);
}

export async function listVerifications(
  db: Db,
  platformId: string,
  q: PaginationQuery & { customerId?: string; verificationStatus?: string },
) {
  const where = {
    platformId,
    ...(q.customerId ? { customerId: parseApiId("Customer", q.customerId)! } : {}),
    ...(q.verificationStatus ? { status: q.verificationStatus } : {}),
  };
  const page = pageArgs(q);
  const [rows, total] = await Promise.all([
    db.verification.findMany({ where: { ...where, ...page.cursorWhere }, orderBy: page.orderBy, take: page.take }),
    db.verification.count({ where, ...boundedCount }),
  ]);
  return toPage(rows, q, total, serializeVerification);
}

// GET /quotes/{quoteId}: a quote with its transaction's status, or its pending SCA challenge.
import type { PrismaClient } from "../../db/generated/client";
import { parseApiId } from "../../ids";
import { DomainError } from "../../kernel/errors";
import { pendingChallengeView } from "./challenge";
import { type QuoteRow, serializeQuote } from "./serialize";

export async function retrieveQuoteRow(db: PrismaClient, q: QuoteRow) {
  if (q.status === "PENDING_AUTHORIZATION") {
    const scaChallenge = await pendingChallengeView(db, q);
    // A challenge that can no longer be answered: the quote fails (SCA_NOT_COMPLETED), as the
    // expiry job records moments after the challenge's expiresAt.
    if (!scaChallenge || Date.parse(scaChallenge.expiresAt) <= Date.now())
      return { ...serializeQuote(q, null), status: "FAILED" };
    return { ...serializeQuote(q, null), scaChallenge };
  }
  const tx =
    q.status === "PENDING"
      ? null
      : await db.transaction.findUnique({ where: { id: q.transactionId }, select: { status: true } });
  return serializeQuote(q, tx?.status ?? null);
}

export async function findQuote(db: PrismaClient, platformId: string, quoteId: string): Promise<QuoteRow> {
  const uuid = parseApiId("Quote", quoteId);
  const q = uuid ? await db.quote.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!q) throw new DomainError("QUOTE_NOT_FOUND", `Quote ${quoteId} not found`);
  return q;
}

export async function retrieveQuote(db: PrismaClient, platformId: string, quoteId: string) {
  return retrieveQuoteRow(db, await findQuote(db, platformId, quoteId));
}

// POST /sandbox/send: the sandbox's real-time funding payment of a quote arrives.
import type { PrismaClient } from "../../db/generated/client";
import { invalidInput, DomainError } from "../../kernel/errors";
import { assertExecutable, runExecution } from "./execute";
import { resolveStored } from "./resolve";
import { findQuote } from "./retrieve";

/** POST /sandbox/send: the real-time funding payment for a quote arrives. */
export async function sandboxSend(
  db: PrismaClient,
  platformId: string,
  quoteId: string,
  currencyCode: string,
  currencyAmount: number | undefined,
) {
  const q = await findQuote(db, platformId, quoteId);
  if (q.sourceKind !== "REALTIME") {
    throw invalidInput([
      {
        field: "quoteId",
        constraint: "INVALID",
        message: "This quote is not funded in real time; execute it with POST /quotes/{quoteId}/execute",
      },
    ]);
  }
  assertExecutable(q);
  if (currencyCode !== q.sendingCurrency)
    throw new DomainError("INVALID_CURRENCY", `The quote is funded in ${q.sendingCurrency}`);
  if (currencyAmount !== undefined && BigInt(currencyAmount) !== q.totalSendingAmount) {
    throw new DomainError(
      "INVALID_AMOUNT",
      `The quote needs exactly ${q.totalSendingAmount} (smallest ${q.sendingCurrency} unit)`,
      { expected: Number(q.totalSendingAmount) },
    );
  }
  const res = await resolveStored(db, q);
  await runExecution(db, q, res);
  const tx = await db.transaction.findUniqueOrThrow({ where: { id: q.transactionId } });
  return tx;
}

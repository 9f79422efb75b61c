// Same-Currency Transfers: the operations of the reference's "Same-Currency Transfers" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { TransactionResponse } from "../../domain/transactions/schemas";
import { db } from "../../db/client";
import { PositiveMinorUnits } from "../../domain/common/schemas";
import { PaymentRail } from "../../kernel/reference-schemas.generated";
import { transferIn, prepareTransferOut, executeTransferOut } from "../../domain/transfers/transfers";

const TransferBody = z.object({
  source: z.object({ accountId: z.string() }),
  destination: z.object({ accountId: z.string() }),
  /** Optional as in the reference: a transfer-out without it pays out the whole available balance. */
  amount: PositiveMinorUnits.optional(),
});

// POST /transfer-in – same-currency pull from an external account (deprecated: use /quotes)
export const transferInOperation = defineOperation({
  operationId: "createTransferIn",
  method: "POST",
  path: "/transfer-in",
  summary: "Create a transfer-in request (deprecated; use quotes)",
  tag: "Same-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  deprecated: true,
  body: TransferBody,
  responses: { 201: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({ status: 201, body: await transferIn(db(), ctx.platformId, body) }),
});

// POST /transfer-out – same-currency payout to an external account (deprecated: use /quotes)
export const transferOutOperation = defineOperation({
  operationId: "createTransferOut",
  method: "POST",
  path: "/transfer-out",
  summary: "Create a transfer-out request (deprecated; use quotes)",
  tag: "Same-Currency Transfers",
  auth: "platform",
  permission: "TRANSACT",
  idempotency: "optional",
  deprecated: true,
  body: TransferBody.extend({
    destination: z.object({ accountId: z.string(), paymentRail: PaymentRail.optional() }),
    remittanceInformation: z.string().max(80).optional(),
    purposeOfPayment: z.string().max(64).optional(),
  }),
  responses: { 201: { description: "The transaction", schema: TransactionResponse }, ...ErrorResponses },
  handle: async ({ ctx, body }) => ({
    status: 201,
    body: await executeTransferOut(db(), await prepareTransferOut(db(), ctx.platformId, body)),
  }),
});

export const sameCurrencyTransfersOperations = [transferInOperation, transferOutOperation];

// Same-Currency Transfers: the operations of the reference's "Same-Currency Transfers" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { SIGNED_RETRY_HEADERS, signedCall, walletAnswer } from "../signed-retry";
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { SignedRetryChallengeResponse } from "../../domain/wallet-auth/schemas";
import { TransactionResponse } from "../../domain/transactions/schemas";
import { db } from "../../db/client";
import { PositiveMinorUnits } from "../../domain/common/schemas";
import { PaymentRail } from "../../kernel/reference-schemas.generated";
import {
  transferIn,
  prepareTransferOut,
  transferOutPayload,
  executeTransferOut,
} from "../../domain/transfers/transfers";
import { walletDebitApproval } from "../../domain/wallet-auth/signed-retry";

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
  headers: SIGNED_RETRY_HEADERS,
  responses: {
    201: { description: "The transaction", schema: TransactionResponse },
    202: {
      description: "Embedded wallet source: sign payloadToSign and retry with Service-Wallet-Signature and Request-Id",
      schema: SignedRetryChallengeResponse,
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, body, request, rawBody }) => {
    const prepared = await prepareTransferOut(db(), ctx.platformId, body);
    let walletApproval = null;
    if (prepared.source.type === "EMBEDDED_WALLET") {
      const r = await walletDebitApproval({
        ctx,
        call: signedCall(request, rawBody),
        accountId: prepared.source.id,
        purpose: "transfer-out",
        payloadToSign: (requestId) => transferOutPayload(prepared, requestId),
      });
      if (r.kind !== "approval") return walletAnswer(r);
      walletApproval = r.approval;
    }
    return { status: 201, body: await executeTransferOut(db(), prepared, { walletApproval }) };
  },
});

export const sameCurrencyTransfersOperations = [transferInOperation, transferOutOperation];

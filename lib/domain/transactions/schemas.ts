// The API's money transaction, exactly as serializeTransaction writes it (the
// reference's IncomingTransaction / OutgoingTransaction); the front end takes
// its type from here.
import { z } from "zod";
import { CurrencyAmountResponse } from "../common/schemas";
import { TRANSACTION_STATUSES } from "./status";

export const TransactionResponse = z.object({
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  type: z.enum(["INCOMING", "OUTGOING"]),
  direction: z.string(),
  pendingReason: z.string().optional(),
  source: z.record(z.string(), z.unknown()),
  destination: z.record(z.string(), z.unknown()),
  customerId: z.string().optional(),
  sentAmount: CurrencyAmountResponse,
  receivedAmount: CurrencyAmountResponse,
  /** Outgoing transactions only. */
  fees: z.number().optional(),
  exchangeRate: z.number().optional(),
  quoteId: z.string().optional(),
  failureReason: z.string().optional(),
  paymentRail: z.string().optional(),
  description: z.string().optional(),
  refund: z.record(z.string(), z.unknown()).optional(),
  counterpartyInformation: z.record(z.string(), z.unknown()).optional(),
  settledAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

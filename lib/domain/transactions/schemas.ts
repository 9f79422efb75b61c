// The API's money transaction, exactly as serializeTransaction writes it: the
// reference's TransactionOneOf (IncomingTransaction / OutgoingTransaction,
// discriminated by `type`), with the reference's enums and its discriminated
// source and destination. Strict objects: the served OpenAPI document lists every
// member Meridian sends and no other. The front end takes its type from here.
import { z } from "zod";
import { CurrencyAmountResponse } from "../common/schemas";
import { CustomerInfoFieldName, PaymentRail } from "../../kernel/reference-schemas.generated";
import { TRANSACTION_STATUSES } from "./status";

/** The reference's CryptoNetwork. */
const CRYPTO_NETWORKS = ["BITCOIN", "ETHEREUM", "SOLANA", "BASE", "POLYGON", "TRON", "PLASMA", "SPARK"] as const;
const OnChainTransaction = z.strictObject({ transactionHash: z.string(), network: z.enum(CRYPTO_NETWORKS) });

const AccountSource = z.strictObject({
  sourceType: z.literal("ACCOUNT"),
  accountId: z.string(),
  currency: z.string().optional(),
  /** A quote's source as the quote request gave it. */
  customerId: z.string().optional(),
  onChainTransaction: OnChainTransaction.optional(),
});
const UmaAddressSource = z.strictObject({
  sourceType: z.literal("UMA_ADDRESS"),
  umaAddress: z.string(),
  currency: z.string().optional(),
});
const RealtimeFundingSource = z.strictObject({
  sourceType: z.literal("REALTIME_FUNDING"),
  currency: z.string(),
  customerId: z.string().optional(),
  /** The network the quote request named for a crypto real-time funding. */
  cryptoNetwork: z.string().optional(),
  accountHolderName: z.string().optional(),
  accountIdentifier: z.string().optional(),
  bankName: z.string().optional(),
  bankIdentifier: z.string().optional(),
  paymentRail: PaymentRail.optional(),
  remittanceInformation: z.string().optional(),
  endToEndId: z.string().optional(),
  traceNumber: z.string().optional(),
  onChainTransaction: OnChainTransaction.optional(),
});
const TransactionSource = z.discriminatedUnion("sourceType", [AccountSource, UmaAddressSource, RealtimeFundingSource]);

const AccountDestination = z.strictObject({
  destinationType: z.literal("ACCOUNT"),
  accountId: z.string(),
  currency: z.string().optional(),
  /** The rail the payout was sent on, when the request named one. */
  paymentRail: PaymentRail.optional(),
  onChainTransaction: OnChainTransaction.optional(),
});
const UmaAddressDestination = z.strictObject({
  destinationType: z.literal("UMA_ADDRESS"),
  umaAddress: z.string(),
  currency: z.string().optional(),
});
const TransactionDestination = z.discriminatedUnion("destinationType", [AccountDestination, UmaAddressDestination]);

const Refund = z.strictObject({
  reference: z.string(),
  initiatedAt: z.string(),
  settledAt: z.string().optional(),
  status: z.enum(["PENDING", "COMPLETED", "FAILED"]),
  reason: z.enum(["TRANSACTION_FAILED", "USER_CANCELLATION", "TIMEOUT"]).optional(),
});

const common = {
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  direction: z.enum(["CREDIT", "DEBIT"]),
  pendingReason: z
    .enum([
      "COUNTERPARTY_DECLARATION_REQUIRED",
      "WALLET_VERIFICATION_REQUIRED",
      "COUNTERPARTY_INFORMATION_REQUIRED",
      "COMPLIANCE_REVIEW",
    ])
    .optional(),
  source: TransactionSource,
  destination: TransactionDestination,
  customerId: z.string(),
  platformCustomerId: z.string(),
  sentAmount: CurrencyAmountResponse,
  receivedAmount: CurrencyAmountResponse,
  exchangeRate: z.number().optional(),
  quoteId: z.string().optional(),
  paymentRail: PaymentRail.optional(),
  description: z.string().optional(),
  refund: Refund.optional(),
  /** The reference's CounterpartyInformation: values by CustomerInfoFieldName (FULL_NAME, BIRTH_DATE, …). */
  counterpartyInformation: z.partialRecord(CustomerInfoFieldName, z.string()).optional(),
  settledAt: z.string().optional(),
  receiptDeliveryConfirmedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const IncomingTransactionResponse = z.strictObject({
  ...common,
  type: z.literal("INCOMING"),
  failureReason: z
    .enum([
      "LNURLP_FAILED",
      "PAY_REQUEST_FAILED",
      "PAYMENT_APPROVAL_WEBHOOK_ERROR",
      "PAYMENT_APPROVAL_TIMED_OUT",
      "OFFRAMP_FAILED",
      "MISSING_MANDATORY_PAYEE_DATA",
      "QUOTE_EXPIRED",
      "QUOTE_EXECUTION_FAILED",
      "COMPLIANCE_REJECTED",
      "COLLECTION_FAILED",
    ])
    .optional(),
});

const OutgoingTransactionResponse = z.strictObject({
  ...common,
  type: z.literal("OUTGOING"),
  fees: z.number().int(),
  failureReason: z
    .enum([
      "QUOTE_EXPIRED",
      "QUOTE_RATE_UNAVAILABLE",
      "QUOTE_EXECUTION_FAILED",
      "FUNDING_AMOUNT_MISMATCH",
      "SCA_NOT_COMPLETED",
      "PAYOUT_RETURNED",
      "LIMIT_EXCEEDED",
      "ACCOUNT_CANNOT_RECEIVE",
      "ACCOUNT_INVALID",
      "COMPLIANCE_REJECTED",
      "LIGHTNING_PAYMENT_FAILED",
      "COUNTERPARTY_POST_TX_FAILED",
    ])
    .optional(),
});

export const TransactionResponse = z.discriminatedUnion("type", [
  IncomingTransactionResponse,
  OutgoingTransactionResponse,
]);

// The receiver's side of a payment between two customers of a platform: its INCOMING transaction goes in
// the plan only when the plan's own posting delivers the money, with one INCOMING_PAYMENT.COMPLETED event.
import { describe, expect, it } from "vitest";
import { emptyPlan, type DeferredOutcome } from "../../../../../lib/domain/transactions/engine";
import { addExecution, type TransferSpec } from "../../../../../lib/domain/transactions/execute-transfer";

const SENDER_ACCOUNT = "00000000-0000-7000-8000-00000000000a";
const RECEIVER_ACCOUNT = "00000000-0000-7000-8000-00000000000b";

function spec(over: Partial<TransferSpec> = {}): TransferSpec {
  return {
    platformId: "00000000-0000-7000-8000-000000000001",
    transactionId: "00000000-0000-7000-8000-000000000002",
    customerId: "00000000-0000-7000-8000-000000000003",
    platformCustomerId: "alice",
    quoteId: "00000000-0000-7000-8000-000000000004",
    type: "OUTGOING",
    source: { sourceType: "ACCOUNT", accountId: `InternalAccount:${SENDER_ACCOUNT}` },
    destination: { destinationType: "UMA_ADDRESS", umaAddress: "$bob@example.com" },
    sourceAccountId: SENDER_ACCOUNT,
    destinationAccountId: RECEIVER_ACCOUNT,
    externalAccountId: null,
    origin: { account: SENDER_ACCOUNT, bucket: "available" },
    hold: { account: SENDER_ACCOUNT, bucket: "pending" },
    delivery: { account: RECEIVER_ACCOUNT, bucket: "available" },
    sendCurrency: "USD",
    sendTotal: 1_300n,
    fees: 50n,
    receiveCurrency: "USD",
    receiveAmount: 1_250n,
    exchangeRate: "1",
    deliveryOutcome: { kind: "succeed" },
    description: "Dinner on Friday",
    receiver: {
      customerId: "00000000-0000-7000-8000-000000000005",
      platformCustomerId: "bob",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$alice@example.com", currency: "USD" },
      counterparty: { FULL_NAME: "Alice Ledger" },
    },
    ...over,
  };
}

describe("addExecution with a receiving customer", () => {
  it("adds the receiver's INCOMING row and its COMPLETED event to a plan that settles", () => {
    const plan = emptyPlan("p");
    addExecution(plan, spec(), new Map());
    expect(plan.posting).toBeDefined();
    expect(plan.receiverTxnInsert).toMatchObject({
      customer_id: "00000000-0000-7000-8000-000000000005",
      platform_customer_id: "bob",
      type: "INCOMING",
      direction: "CREDIT",
      status: "COMPLETED",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$alice@example.com" },
      destination: { destinationType: "ACCOUNT", accountId: `InternalAccount:${RECEIVER_ACCOUNT}`, currency: "USD" },
      destination_account_id: RECEIVER_ACCOUNT,
      sent_amount: "1250",
      received_amount: "1250",
      fees: "0",
      description: "Dinner on Friday",
      counterparty: { FULL_NAME: "Alice Ledger" },
    });
    expect(plan.receiverTxnInsert).not.toHaveProperty("quote_id");
    expect(plan.receiverTxnInsert).not.toHaveProperty("source_account_id");
    expect(plan.receiverTxnInsert?.id).not.toBe(plan.txnInsert?.id);
    const incoming = plan.events.filter((e) => e.type.startsWith("INCOMING_PAYMENT."));
    expect(incoming.map((e) => e.type)).toEqual(["INCOMING_PAYMENT.COMPLETED"]);
    expect(plan.events.filter((e) => e.type.startsWith("OUTGOING_PAYMENT.")).map((e) => e.type)).toEqual([
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
      "OUTGOING_PAYMENT.COMPLETED",
    ]);
  });

  it.each<[string, Partial<TransferSpec>]>([
    ["fails", { deliveryOutcome: { kind: "fail", failureReason: "QUOTE_EXECUTION_FAILED" } as DeferredOutcome }],
    ["waits for authorization", { waitingFor: "PENDING_AUTHORIZATION" }],
    ["waits for its real-time payment", { waitingFor: "PENDING" }],
    [
      "has a failed pull",
      { fundingOutcome: { kind: "fail", failureReason: "ACCOUNT_INVALID", description: "closed" } },
    ],
  ])("writes nothing for the receiver when the payment %s", (_, over) => {
    const plan = emptyPlan("p");
    addExecution(plan, spec(over), new Map());
    expect(plan.receiverTxnInsert).toBeUndefined();
    expect(plan.events.some((e) => e.type.startsWith("INCOMING_PAYMENT."))).toBe(false);
  });
});

// The webhook events of one transaction travel in a plan as one snapshot and
// its changes; applying the changes as money_apply does (webhook_event_data:
// remove `unset`, then merge `set`) gives every payload back exactly.
import { describe, expect, it } from "vitest";
import {
  addEventGroup,
  emptyPlan,
  payloadChanges,
  type PlanEvent,
} from "../../../../../lib/domain/transactions/engine";

/** webhook_event_data, in JavaScript (through JSON, as the plan travels). */
function rebuilt(events: PlanEvent[], e: PlanEvent): unknown {
  if ("payload" in e) return JSON.parse(JSON.stringify(e.payload));
  const base = events[e.of] as { payload: Record<string, unknown> };
  const out: Record<string, unknown> = JSON.parse(JSON.stringify(base.payload));
  for (const key of e.unset ?? []) delete out[key];
  return { ...out, ...JSON.parse(JSON.stringify(e.set ?? {})) };
}

const settled = {
  id: "Transaction:1",
  status: "COMPLETED",
  sentAmount: { amount: 100, currency: { code: "USD", decimals: 2 } },
  refund: { status: "PENDING", reason: "TRANSACTION_FAILED" },
  settledAt: "2026-11-23T00:00:00.000Z",
};

describe("payloadChanges", () => {
  it.each([
    ["the same payload", settled, {}],
    [
      "a status and a removed field",
      { ...settled, status: "PENDING", settledAt: undefined },
      { set: { status: "PENDING" }, unset: ["settledAt"] },
    ],
    [
      "a nested object changed",
      { ...settled, refund: { status: "COMPLETED", reason: "TRANSACTION_FAILED" } },
      { set: { refund: { status: "COMPLETED", reason: "TRANSACTION_FAILED" } } },
    ],
    [
      "an equal nested object (another instance) is not sent",
      { ...settled, sentAmount: { amount: 100, currency: { code: "USD", decimals: 2 } } },
      {},
    ],
    [
      "a field the base lacks",
      { ...settled, failureReason: "QUOTE_EXECUTION_FAILED" },
      { set: { failureReason: "QUOTE_EXECUTION_FAILED" } },
    ],
    [
      "a nested field only one side has",
      { ...settled, refund: { status: "PENDING" } },
      { set: { refund: { status: "PENDING" } } },
    ],
    [
      "a nested field undefined on one side",
      { ...settled, refund: { status: "PENDING", reason: "TRANSACTION_FAILED", settledAt: undefined } },
      {},
    ],
    ["an array for an object", { ...settled, refund: ["PENDING"] }, { set: { refund: ["PENDING"] } }],
  ])("%s", (_, payload, changes) => {
    expect(payloadChanges(settled, payload as Record<string, unknown>)).toEqual(changes);
  });
});

describe("addEventGroup", () => {
  const pending = { ...settled, status: "PENDING", refund: undefined, settledAt: undefined };
  const processing = { ...pending, status: "PROCESSING" };

  it("sends the fullest payload whole and the others as its changes, in order, after events already in the plan", () => {
    const plan = emptyPlan("p");
    plan.events.push({ id: "earlier", type: "OTHER", payload: { x: 1 } });
    addEventGroup(plan, [
      { type: "OUTGOING_PAYMENT.PENDING", payload: pending },
      { type: null, payload: { ignored: true } },
      { type: "OUTGOING_PAYMENT.PROCESSING", payload: processing },
      { type: "OUTGOING_PAYMENT.COMPLETED", payload: settled },
    ]);
    expect(plan.events.map((e) => e.type)).toEqual([
      "OTHER",
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
      "OUTGOING_PAYMENT.COMPLETED",
    ]);
    expect(plan.events[3]).toMatchObject({ payload: settled });
    expect(plan.events[1]).toMatchObject({ of: 3, set: { status: "PENDING" }, unset: ["refund", "settledAt"] });
    expect(rebuilt(plan.events, plan.events[1])).toEqual(JSON.parse(JSON.stringify(pending)));
    expect(rebuilt(plan.events, plan.events[2])).toEqual(JSON.parse(JSON.stringify(processing)));
    expect(rebuilt(plan.events, plan.events[3])).toEqual(settled);
    expect(new Set(plan.events.map((e) => e.id)).size).toBe(4);
  });

  it("adds nothing when no event fires", () => {
    const plan = emptyPlan("p");
    addEventGroup(plan, [{ type: null, payload: settled }]);
    expect(plan.events).toEqual([]);
  });
});

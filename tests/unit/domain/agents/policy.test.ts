import { describe, expect, it } from "vitest";
import { AgentPolicy, checkPermission, evaluateSpend, mergePolicy } from "@/lib/domain/agents/policy";
import { periodKeys } from "@/lib/domain/agents/usage";

const base: AgentPolicy = {
  permissions: ["CREATE_TRANSFERS"],
  defaultExecutionMode: "AUTO",
  spendingLimits: { currency: "USD", perTransactionLimit: 1000, dailyLimit: 5000 },
};
const acct = "InternalAccount:01900000-0000-7000-8000-000000000001";
const other = "InternalAccount:01900000-0000-7000-8000-000000000002";

describe("agent policy rules", () => {
  it("checks permissions", () => {
    expect(() => checkPermission(base, "CREATE_TRANSFERS")).not.toThrow();
    expect(() => checkPermission(base, "EXECUTE_QUOTES")).toThrow(/EXECUTE_QUOTES/);
  });

  it("enforces the per-transaction limit, with account-rule overrides", () => {
    expect(evaluateSpend(base, { amount: 1000n, currency: "USD", accountId: acct }).executionMode).toBe("AUTO");
    expect(() => evaluateSpend(base, { amount: 1001n, currency: "USD", accountId: acct })).toThrow(/per-transaction/);
    const ruled = {
      ...base,
      accountRestrictions: {
        accountRules: [{ accountId: acct, perTransactionLimit: 2000, executionMode: "APPROVAL_REQUIRED" as const }],
      },
    };
    const d = evaluateSpend(ruled, { amount: 1500n, currency: "USD", accountId: acct });
    expect(d).toMatchObject({ executionMode: "APPROVAL_REQUIRED", reasons: ["ACCOUNT_RULE"] });
    expect(() => evaluateSpend(ruled, { amount: 1500n, currency: "USD", accountId: other })).toThrow(/per-transaction/);
  });

  it("restricts accounts and refuses other currencies", () => {
    const restricted = { ...base, accountRestrictions: { allowedAccountIds: [acct] } };
    expect(() => evaluateSpend(restricted, { amount: 1n, currency: "USD", accountId: other })).toThrow(
      /does not allow account/,
    );
    expect(() => evaluateSpend(base, { amount: 1n, currency: "EUR", accountId: acct })).toThrow(/in USD/);
  });

  it("applies the execution mode and approval threshold", () => {
    expect(
      evaluateSpend(
        { ...base, defaultExecutionMode: "APPROVAL_REQUIRED" },
        { amount: 1n, currency: "USD", accountId: acct },
      ).executionMode,
    ).toBe("APPROVAL_REQUIRED");
    const t = { ...base, approvalThresholds: { currency: "USD", amount: 500 } };
    expect(evaluateSpend(t, { amount: 500n, currency: "USD", accountId: acct }).executionMode).toBe("AUTO");
    expect(evaluateSpend(t, { amount: 501n, currency: "USD", accountId: acct })).toMatchObject({
      executionMode: "APPROVAL_REQUIRED",
      reasons: ["APPROVAL_THRESHOLD"],
    });
  });

  it("merges partial updates", () => {
    const m = mergePolicy(base, { spendingLimits: { dailyLimit: null }, defaultExecutionMode: "APPROVAL_REQUIRED" });
    expect(m.spendingLimits).toEqual({ currency: "USD", perTransactionLimit: 1000, dailyLimit: null });
    expect(m.defaultExecutionMode).toBe("APPROVAL_REQUIRED");
    expect(m.permissions).toEqual(["CREATE_TRANSFERS"]);
  });

  it("keys usage periods by UTC day and month", () => {
    expect(periodKeys(new Date("2026-11-30T23:59:59Z"))).toEqual({ day: "D:2026-11-30", month: "M:2026-11" });
  });
});

// The agent policy: its schema and every rule it imposes, in one module.
// Operations call checkPermission for what they do and evaluateSpend for what
// they move; the daily/monthly/count limits are then reserved atomically in the
// database (usage.ts), so concurrent operations can never cross them together.
import "server-only";
import { z } from "zod";
import { DomainError } from "../../kernel/errors";
import { KnownCurrency, MinorUnits } from "../common/schemas";

export const AGENT_PERMISSIONS = [
  "VIEW_TRANSACTIONS",
  "CREATE_TRANSFERS",
  "CREATE_QUOTES",
  "EXECUTE_QUOTES",
  "MANAGE_EXTERNAL_ACCOUNTS",
] as const;
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];
export const EXECUTION_MODES = ["AUTO", "APPROVAL_REQUIRED"] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

const InternalAccountId = z
  .string()
  .regex(/^InternalAccount:[0-9a-fA-F-]{36}$/, "Expected an InternalAccount:<uuid> id");

export const SpendingLimits = z.object({
  currency: KnownCurrency,
  perTransactionLimit: MinorUnits,
  dailyLimit: MinorUnits.nullable().optional(),
  dailyTransactionLimit: z.number().int().min(0).max(1_000_000).optional(),
  monthlyLimit: MinorUnits.nullable().optional(),
});

export const AccountRule = z.object({
  accountId: InternalAccountId,
  executionMode: z.enum(EXECUTION_MODES).optional(),
  perTransactionLimit: MinorUnits.nullable().optional(),
});

export const AccountRestrictions = z.object({
  allowedAccountIds: z.array(InternalAccountId).max(100).nullable().optional(),
  accountRules: z.array(AccountRule).max(100).optional(),
});

export const ApprovalThresholds = z
  .object({ currency: KnownCurrency.optional(), amount: MinorUnits.nullable().optional() })
  .refine((t) => t.amount === undefined || t.amount === null || t.currency !== undefined, {
    message: "currency is required when amount is set",
    path: ["currency"],
  });

export const AgentPolicy = z.object({
  permissions: z.array(z.enum(AGENT_PERMISSIONS)).max(AGENT_PERMISSIONS.length),
  defaultExecutionMode: z.enum(EXECUTION_MODES),
  spendingLimits: SpendingLimits,
  accountRestrictions: AccountRestrictions.optional(),
  approvalThresholds: ApprovalThresholds.optional(),
});
export type AgentPolicy = z.infer<typeof AgentPolicy>;

export const AgentPolicyUpdate = z
  .object({
    permissions: AgentPolicy.shape.permissions.optional(),
    defaultExecutionMode: z.enum(EXECUTION_MODES).optional(),
    spendingLimits: SpendingLimits.partial().optional(),
    accountRestrictions: AccountRestrictions.optional(),
    approvalThresholds: ApprovalThresholds.optional(),
  })
  .strict();
export type AgentPolicyUpdate = z.infer<typeof AgentPolicyUpdate>;

/**
 * A partial update: lists and sub-objects given replace, spendingLimits merges field by field (null removes a limit).
 */
export function mergePolicy(current: AgentPolicy, update: AgentPolicyUpdate): AgentPolicy {
  const merged = {
    ...current,
    ...(update.permissions ? { permissions: update.permissions } : {}),
    ...(update.defaultExecutionMode ? { defaultExecutionMode: update.defaultExecutionMode } : {}),
    ...(update.spendingLimits ? { spendingLimits: { ...current.spendingLimits, ...update.spendingLimits } } : {}),
    ...(update.accountRestrictions ? { accountRestrictions: update.accountRestrictions } : {}),
    ...(update.approvalThresholds ? { approvalThresholds: update.approvalThresholds } : {}),
  };
  return AgentPolicy.parse(merged);
}

export function checkPermission(policy: AgentPolicy, permission: AgentPermission): void {
  if (!policy.permissions.includes(permission)) {
    throw new DomainError("FORBIDDEN", `The agent's policy does not grant ${permission}`, {
      rule: "PERMISSION",
      requiredPermission: permission,
    });
  }
}

/** The internal account ids (API form) an agent may use; null = all of its customer's accounts. */
export function allowedAccounts(policy: AgentPolicy): string[] | null {
  return policy.accountRestrictions?.allowedAccountIds ?? null;
}

export function checkAccountAllowed(policy: AgentPolicy, accountId: string): void {
  const allowed = allowedAccounts(policy);
  if (allowed && !allowed.includes(accountId)) {
    throw new DomainError("FORBIDDEN", `The agent's policy does not allow account ${accountId}`, {
      rule: "ACCOUNT_RESTRICTION",
      accountId,
    });
  }
}

export interface SpendRequest {
  /** Amount in the smallest unit of `currency`. */
  amount: bigint;
  currency: string;
  /** The customer's internal account the money leaves or enters. */
  accountId: string;
}

export interface SpendDecision {
  executionMode: ExecutionMode;
  /** The amount counted against the limits, in spendingLimits.currency. */
  policyAmount: bigint;
  reasons: string[];
}

/**
 * The static rules of one spend: account restriction, currency, the
 * per-transaction limit (an account rule may override it) and the execution
 * mode (account rule, then approval threshold). Limits in another currency
 * than the transaction are refused rather than guessed at.
 */
export function evaluateSpend(policy: AgentPolicy, req: SpendRequest): SpendDecision {
  checkAccountAllowed(policy, req.accountId);
  const limits = policy.spendingLimits;
  if (req.currency !== limits.currency) {
    throw new DomainError(
      "FORBIDDEN",
      `The agent's spending limits are in ${limits.currency}; it cannot move ${req.currency}`,
      { rule: "LIMIT_CURRENCY", currency: limits.currency },
    );
  }
  const rule = policy.accountRestrictions?.accountRules?.find((r) => r.accountId === req.accountId);
  const perTx = rule?.perTransactionLimit ?? limits.perTransactionLimit;
  if (req.amount > BigInt(perTx)) {
    throw new DomainError(
      "FORBIDDEN",
      `${req.amount} exceeds the agent's per-transaction limit of ${perTx} ${limits.currency}`,
      {
        rule: "PER_TRANSACTION_LIMIT",
        limit: perTx,
        amount: Number(req.amount),
      },
    );
  }
  const reasons: string[] = [];
  let mode: ExecutionMode = rule?.executionMode ?? policy.defaultExecutionMode;
  if (mode === "APPROVAL_REQUIRED") reasons.push(rule?.executionMode ? "ACCOUNT_RULE" : "DEFAULT_EXECUTION_MODE");
  const t = policy.approvalThresholds;
  if (t?.amount !== undefined && t.amount !== null && t.currency === req.currency && req.amount > BigInt(t.amount)) {
    mode = "APPROVAL_REQUIRED";
    reasons.push("APPROVAL_THRESHOLD");
  }
  return { executionMode: mode, policyAmount: req.amount, reasons };
}

/** The error for a limit the reservation refused. */
export function limitError(rule: string, policy: AgentPolicy): DomainError {
  const l = policy.spendingLimits;
  const limit =
    rule === "DAILY_LIMIT" ? l.dailyLimit : rule === "MONTHLY_LIMIT" ? l.monthlyLimit : l.dailyTransactionLimit;
  return new DomainError(
    "VELOCITY_LIMIT_EXCEEDED",
    `This operation would exceed the agent's ${rule.toLowerCase().replace(/_/g, " ")} (${limit})`,
    { rule, limit },
  );
}

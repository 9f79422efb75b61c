// Agent usage counters: reserved by one SQL call inside the statement that records
// the operation (see agent_usage_reserve in the agents migration), released when an
// action is rejected or fails, and read for the Agent's `usage`.
import "server-only";
import type { Db } from "../../db/client";
import type { AgentPolicy } from "./policy";
import { limitError } from "./policy";

export function periodKeys(at: Date): { day: string; month: string } {
  const iso = at.toISOString();
  return { day: `D:${iso.slice(0, 10)}`, month: `M:${iso.slice(0, 7)}` };
}

/**
 * The call that counts one operation of `amount` against the agent's limits (agent_usage_reserve: 'OK', or the
 * limit it would cross, counting nothing), with its parameters numbered from $`first`, for the statement that
 * records the operation with it: the usage rows stay locked only for that one statement and its commit.
 */
export function reserveCall(agentId: string, policy: AgentPolicy, amount: bigint, at: Date, first: number) {
  const { day, month } = periodKeys(at);
  const l = policy.spendingLimits;
  const $ = (i: number) => `$${first + i}`;
  return {
    day,
    month,
    sql:
      `agent_usage_reserve(${$(0)}::uuid, ${$(1)}, ${$(2)}, ${$(3)}::bigint, ` +
      `${$(4)}::bigint, ${$(5)}::bigint, ${$(6)}::integer)`,
    values: [
      agentId,
      day,
      month,
      String(amount),
      l.dailyLimit == null ? null : String(l.dailyLimit),
      l.monthlyLimit == null ? null : String(l.monthlyLimit),
      l.dailyTransactionLimit ?? null,
    ] as unknown[],
  };
}

/** The error for what reserveCall answered, or nothing when it counted the operation. */
export function reserveRefusal(result: string | undefined, policy: AgentPolicy) {
  return result === "OK" ? null : limitError(result ?? "DAILY_LIMIT", policy);
}

export async function releaseUsage(db: Db, agentId: string, day: string, month: string, amount: bigint) {
  await db.$executeRaw`SELECT agent_usage_release(${agentId}::uuid, ${day}, ${month}, ${amount}::bigint)`;
}

export async function readUsage(db: Db, agentId: string, at: Date) {
  const { day, month } = periodKeys(at);
  return usageOf(await db.agentUsage.findMany({ where: { agentId, periodKey: { in: [day, month] } } }), at);
}

export type AgentUsageAnswer = ReturnType<typeof usageOf>;

/** An agent's usage at `at` from its counter rows (none: nothing spent this day or month). */
export function usageOf(rows: { periodKey: string; count: number; spent: bigint }[], at: Date) {
  const { day, month } = periodKeys(at);
  const d = rows.find((r) => r.periodKey === day);
  const m = rows.find((r) => r.periodKey === month);
  const tomorrow = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  const nextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return {
    dailyTransactionCount: d?.count ?? 0,
    dailySpend: Number(d?.spent ?? 0n),
    dailyResetDate: tomorrow.toISOString().slice(0, 10),
    monthlySpend: Number(m?.spent ?? 0n),
    monthlyResetMonth: nextMonth.toISOString().slice(0, 7),
  };
}

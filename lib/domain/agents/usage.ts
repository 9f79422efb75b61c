// Agent usage counters: reserved in one SQL call per operation (see
// agent_usage_reserve in the agents migration), released when an action is
// rejected or fails, and read for the Agent's `usage`.
import "server-only";
import type { Db } from "../../db/client";
import type { AgentPolicy } from "./policy";
import { limitError } from "./policy";

export function periodKeys(at: Date): { day: string; month: string } {
  const iso = at.toISOString();
  return { day: `D:${iso.slice(0, 10)}`, month: `M:${iso.slice(0, 7)}` };
}

/** Counts one operation of `amount` against the agent's limits, or throws the limit it would cross. */
export async function reserveUsage(db: Db, agentId: string, policy: AgentPolicy, amount: bigint, at: Date) {
  const { day, month } = periodKeys(at);
  const l = policy.spendingLimits;
  const rows = await db.$queryRaw<{ result: string }[]>`
    SELECT agent_usage_reserve(${agentId}::uuid, ${day}, ${month}, ${amount}::bigint,
      ${l.dailyLimit ?? null}::bigint, ${l.monthlyLimit ?? null}::bigint,
      ${l.dailyTransactionLimit ?? null}::integer) AS result`;
  const result = rows[0]?.result;
  if (result !== "OK") throw limitError(result ?? "DAILY_LIMIT", policy);
  return { day, month };
}

export async function releaseUsage(db: Db, agentId: string, day: string, month: string, amount: bigint) {
  await db.$executeRaw`SELECT agent_usage_release(${agentId}::uuid, ${day}, ${month}, ${amount}::bigint)`;
}

export async function readUsage(db: Db, agentId: string, at: Date) {
  const { day, month } = periodKeys(at);
  const rows = await db.agentUsage.findMany({ where: { agentId, periodKey: { in: [day, month] } } });
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

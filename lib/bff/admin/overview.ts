// The admin overview's figures, read through the API: payment volume per day
// and currency over the last two weeks, outcomes, what waits for approval and
// customers by verification state. (Webhook delivery health comes from the outbox
// through lib/bff/admin/webhooks.ts, the one module that reads it.) Bounded reads: the newest 500
// transactions and customers are enough for a glance; the lists have the rest.
import "server-only";
import { api } from "../client";

interface Amount {
  amount: number;
  currency: { code: string; decimals: number };
}

export interface Tx {
  status: string;
  type: string;
  source?: { sourceType?: string; umaAddress?: string };
  counterpartyInformation?: Record<string, string>;
  sentAmount?: Amount;
  receivedAmount?: Amount;
  createdAt: string;
}

interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
}

export interface Overview {
  days: string[];
  currencies: string[];
  /** One row per day: { day, [currency]: volume in major units }. */
  volume: Record<string, number | string>[];
  outcomes: { completed: number; failed: number; inProgress: number };
  pendingApprovals: number;
  verification: { status: string; count: number }[];
  customers: number;
}

const DAYS = 14;
const MAX = 500;

async function readAll<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page = (
      await api.get<Page<T>>(`${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
    ).body;
    out.push(...page.data);
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor && out.length < MAX);
  return out;
}

function major(a: Amount): number {
  return a.amount / 10 ** a.currency.decimals;
}

/**
 * A payment between two customers of the platform is two transactions, the sender's and the receiver's (an
 * INCOMING one from a customer's UMA address, named after the sender): one payment in the figures, counted
 * from the sender's side. Incoming payments from outside (no counterparty of the platform's) count.
 */
export function receiverSideOf(customers: { umaAddress?: string }[]): (t: Tx) => boolean {
  const ours = new Set(customers.map((c) => c.umaAddress?.toLowerCase()).filter(Boolean));
  return (t) =>
    t.type === "INCOMING" &&
    t.counterpartyInformation !== undefined &&
    t.source?.sourceType === "UMA_ADDRESS" &&
    ours.has(t.source.umaAddress?.toLowerCase());
}

export async function loadOverview(now = new Date()): Promise<Overview> {
  const since = new Date(now.getTime() - (DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const [txs, customers] = await Promise.all([
    readAll<Tx>(`/transactions?sortOrder=desc&startDate=${encodeURIComponent(since.toISOString())}`),
    readAll<{ kycStatus?: string; kybStatus?: string; customerType?: string; umaAddress?: string }>("/customers"),
  ]);
  const receiverSide = receiverSideOf(customers);
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const byDay = new Map(days.map((d) => [d, {} as Record<string, number>]));
  const currencies = new Set<string>();
  const outcomes = { completed: 0, failed: 0, inProgress: 0 };
  let pendingApprovals = 0;
  for (const t of txs) {
    if (receiverSide(t)) continue;
    if (t.status === "COMPLETED") outcomes.completed++;
    else if (["FAILED", "REJECTED", "EXPIRED"].includes(t.status)) outcomes.failed++;
    else if (t.status !== "REFUNDED") outcomes.inProgress++;
    if (t.type === "INCOMING" && t.status === "PENDING") pendingApprovals++;
    const amount = t.type === "INCOMING" ? t.receivedAmount : t.sentAmount;
    const day = byDay.get(t.createdAt.slice(0, 10));
    if (!amount || !day || t.status !== "COMPLETED") continue;
    currencies.add(amount.currency.code);
    day[amount.currency.code] = (day[amount.currency.code] ?? 0) + major(amount);
  }
  const volume = days.map((d) => ({ day: d.slice(5), ...byDay.get(d) }));
  const verification = new Map<string, number>();
  for (const c of customers) {
    const s = (c.customerType === "BUSINESS" ? c.kybStatus : c.kycStatus) ?? "UNVERIFIED";
    verification.set(s, (verification.get(s) ?? 0) + 1);
  }
  return {
    days,
    currencies: [...currencies].sort(),
    volume,
    outcomes,
    pendingApprovals,
    verification: [...verification].map(([status, count]) => ({ status, count })),
    customers: customers.length,
  };
}

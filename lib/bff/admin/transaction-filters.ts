// The admin transactions list's filters, from the page's URL to GET
// /transactions's query. Dates are whole UTC days: a start date from its first
// millisecond, an end date through its last.
import { TRANSACTION_STATUSES } from "../../domain/transactions/status";

export const PAGE_SIZE = 20;

export interface TransactionFilters {
  status: string;
  type: string;
  customerId: string;
  startDate: string;
  endDate: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim();
}

export function readFilters(sp: Record<string, string | string[] | undefined>): TransactionFilters {
  const status = one(sp.status);
  const type = one(sp.type);
  return {
    status: (TRANSACTION_STATUSES as readonly string[]).includes(status) ? status : "",
    type: ["INCOMING", "OUTGOING", "CARD"].includes(type) ? type : "",
    customerId: one(sp.customerId),
    startDate: DAY.test(one(sp.startDate)) ? one(sp.startDate) : "",
    endDate: DAY.test(one(sp.endDate)) ? one(sp.endDate) : "",
  };
}

/** One page of the filtered list; `cursor` is the page's place, read once by listPlace (list-pages.ts). */
export function apiQuery(f: TransactionFilters, cursor: string): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (f.status) q.set("status", f.status);
  if (f.type) q.set("type", f.type);
  if (f.customerId) q.set("customerId", f.customerId);
  if (f.startDate) q.set("startDate", `${f.startDate}T00:00:00.000Z`);
  if (f.endDate) q.set("endDate", `${f.endDate}T23:59:59.999Z`);
  if (cursor) q.set("cursor", cursor);
  return q.toString();
}

/** The list's first page for these filters (later pages: lib/bff/admin/list-pages.ts). */
export function pageHref(f: TransactionFilters): string {
  const q = new URLSearchParams();
  for (const k of ["status", "type", "customerId", "startDate", "endDate"] as const) if (f[k]) q.set(k, f[k]);
  const s = q.toString();
  return s ? `/admin/transactions?${s}` : "/admin/transactions";
}

// Sandbox fault injection (docs/sandbox.md "Fault injection"): the faults a
// platform configured with PUT /sandbox/faults, or asked for on one request with
// the Meridian-Fault header, so its developers can test retries and idempotency.
// Sandbox only and off by default: with MERIDIAN_ENVIRONMENT=production nothing
// here is consulted and both ways in are refused.
//
// A platform's faults are cached for CACHE_MS per process (a platform without any
// costs no query); a "next N calls" fault is spent with one atomic UPDATE, so N
// calls fault across every instance, never more.
import { z } from "zod";
import { pool } from "../db/client";
import { env } from "../env";
import { newUuid, toApiId } from "../ids";
import { DomainError, invalidField } from "../kernel/errors";

const CACHE_MS = 1000;
export const WEBHOOKS = "webhooks";
export const FAULT_HEADER = "meridian-fault";
const MAX_LATENCY_MS = 30_000;
/** The way out: a "*" fault never reaches the operations that read and clear faults, so it can always be undone. */
const FAULT_CONTROLS = new Set(["listSandboxFaults", "replaceSandboxFaults"]);

export const FaultInput = z
  .object({
    operationId: z
      .string()
      .min(1)
      .max(100)
      .default("*")
      .describe('An operationId, "*" for every operation; ignored (always "webhooks") for webhook faults'),
    type: z.enum(["LATENCY", "ERROR", "RATE_LIMIT", "WEBHOOK_DROP", "WEBHOOK_DELAY"]),
    status: z
      .union([z.literal(500), z.literal(503)])
      .optional()
      .describe("ERROR: the status to answer (500 or 503)"),
    latencyMs: z.number().int().min(1).max(MAX_LATENCY_MS).optional().describe("LATENCY: added before the operation"),
    retryAfterSeconds: z.number().int().min(1).max(3600).optional().describe("RATE_LIMIT: the Retry-After value"),
    delaySeconds: z.number().int().min(1).max(3600).optional().describe("WEBHOOK_DELAY: how long a delivery waits"),
    rate: z.number().min(0).max(1).optional().describe("Share of matching calls that fault (default 1)"),
    count: z.number().int().min(1).max(10_000).optional().describe("Fault only the next N matching calls"),
  })
  .superRefine((f, ctx) => {
    if (f.rate !== undefined && f.count !== undefined)
      ctx.addIssue({ code: "custom", path: ["count"], message: "Give rate or count, not both" });
    if (f.type === "LATENCY" && f.latencyMs === undefined)
      ctx.addIssue({ code: "custom", path: ["latencyMs"], message: "A LATENCY fault needs latencyMs" });
    if (f.type === "WEBHOOK_DELAY" && f.delaySeconds === undefined)
      ctx.addIssue({ code: "custom", path: ["delaySeconds"], message: "A WEBHOOK_DELAY fault needs delaySeconds" });
  });
export type FaultInput = z.infer<typeof FaultInput>;

export const FaultView = z.object({
  id: z.string(),
  operationId: z.string(),
  type: z.string(),
  status: z.number().int().optional(),
  latencyMs: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
  delaySeconds: z.number().int().optional(),
  rate: z.number().optional(),
  remaining: z.number().int().optional().describe("Calls still to fault, for a count fault"),
  createdAt: z.string(),
});
export type FaultView = z.infer<typeof FaultView>;

interface FaultRow {
  id: string;
  operation_id: string;
  kind: FaultInput["type"];
  status: number | null;
  latency_ms: number | null;
  retry_after_seconds: number | null;
  rate: number | null;
  remaining: number | null;
  created_at: Date;
}

type FaultCache = Map<string, { until: number; rows: FaultRow[] }>;
// On globalThis: Next.js may load this module more than once in one process (the route handlers and the
// instrumentation that runs the webhook worker), and a PUT must reach the worker's copy at once too.
const holder = globalThis as unknown as { __meridianSandboxFaults?: FaultCache };
const cache: FaultCache = (holder.__meridianSandboxFaults ??= new Map());

export function faultsAllowed(): boolean {
  return env().MERIDIAN_ENVIRONMENT === "sandbox";
}

export function refuseOutsideSandbox(): void {
  if (!faultsAllowed())
    throw new DomainError("FORBIDDEN", "Fault injection exists only in the sandbox (MERIDIAN_ENVIRONMENT=sandbox)");
}

function view(r: FaultRow): FaultView {
  const v: FaultView = {
    id: toApiId("SandboxFault", r.id),
    operationId: r.operation_id,
    type: r.kind,
    createdAt: r.created_at.toISOString(),
  };
  if (r.status !== null) v.status = r.status;
  if (r.kind === "WEBHOOK_DELAY" && r.latency_ms !== null) v.delaySeconds = r.latency_ms / 1000;
  else if (r.latency_ms !== null) v.latencyMs = r.latency_ms;
  if (r.retry_after_seconds !== null) v.retryAfterSeconds = r.retry_after_seconds;
  if (r.rate !== null) v.rate = r.rate;
  if (r.remaining !== null) v.remaining = r.remaining;
  return v;
}

async function load(platformId: string): Promise<FaultRow[]> {
  const res = await pool().query<FaultRow>(
    `SELECT id, operation_id, kind, status, latency_ms, retry_after_seconds, rate, remaining, created_at
       FROM sandbox_faults WHERE platform_id = $1 ORDER BY id`,
    [platformId],
  );
  return res.rows;
}

export async function listFaults(platformId: string): Promise<FaultView[]> {
  refuseOutsideSandbox();
  return (await load(platformId)).map(view);
}

/** Replaces the platform's faults with these (an empty list turns fault injection off). */
export async function replaceFaults(platformId: string, faults: FaultInput[]): Promise<FaultView[]> {
  refuseOutsideSandbox();
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query("DELETE FROM sandbox_faults WHERE platform_id = $1", [platformId]);
    for (const f of faults) {
      const webhook = f.type.startsWith("WEBHOOK_");
      await client.query(
        `INSERT INTO sandbox_faults (id, platform_id, operation_id, kind, status, latency_ms, retry_after_seconds,
           rate, remaining) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          newUuid(),
          platformId,
          webhook ? WEBHOOKS : f.operationId,
          f.type,
          f.type === "ERROR" ? (f.status ?? 500) : null,
          f.type === "LATENCY" ? f.latencyMs! : f.type === "WEBHOOK_DELAY" ? f.delaySeconds! * 1000 : null,
          f.type === "RATE_LIMIT" ? (f.retryAfterSeconds ?? 1) : null,
          f.count === undefined ? (f.rate ?? 1) : null,
          f.count ?? null,
        ],
      );
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  cache.delete(platformId);
  return listFaults(platformId);
}

/** Whether this fault fires for this call: by rate, or by spending one of its remaining calls. */
async function fires(platformId: string, f: FaultRow): Promise<boolean> {
  if (f.remaining === null) return Math.random() < (f.rate ?? 1);
  if (f.remaining <= 0) return false;
  const res = await pool().query<{ remaining: number }>(
    "UPDATE sandbox_faults SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING remaining",
    [f.id],
  );
  const left = res.rows[0]?.remaining;
  f.remaining = left ?? 0;
  if (left === undefined) cache.delete(platformId);
  return left !== undefined;
}

function cached(platformId: string): FaultRow[] | undefined {
  const hit = cache.get(platformId);
  return hit && hit.until > Date.now() ? hit.rows : undefined;
}

async function rowsFor(platformId: string): Promise<FaultRow[]> {
  const hit = cached(platformId);
  if (hit) return hit;
  const rows = await load(platformId);
  cache.set(platformId, { until: Date.now() + CACHE_MS, rows });
  return rows;
}

/** What an API call suffers: latency first, then possibly an error answer instead of the operation. */
export interface InjectedFault {
  latencyMs?: number;
  error?: { status: 500 | 503 } | { status: 429; retryAfterSeconds: number };
}

/** A short label of the fault for the request log ("503", "429 retry-after=2", "latency=200ms"). */
export function faultLabel(f: InjectedFault): string {
  const parts: string[] = [];
  if (f.latencyMs) parts.push(`latency=${f.latencyMs}ms`);
  if (f.error)
    parts.push(f.error.status === 429 ? `429 retry-after=${f.error.retryAfterSeconds}` : String(f.error.status));
  return parts.join(" ");
}

/**
 * The configured fault for this call, or null. Synchronously null while the
 * cache knows the platform has none (the common case: no await, no query).
 */
export function configuredFault(platformId: string, operationId: string): Promise<InjectedFault | null> | null {
  if (!faultsAllowed()) return null;
  const hit = cached(platformId);
  if (hit && hit.length === 0) return null;
  return (async () => {
    const rows = (await rowsFor(platformId)).filter(
      (r) =>
        r.operation_id === operationId ||
        (r.operation_id === "*" && !r.kind.startsWith("WEBHOOK_") && !FAULT_CONTROLS.has(operationId)),
    );
    const out: InjectedFault = {};
    for (const r of rows) {
      if (r.kind === "LATENCY" && out.latencyMs === undefined && (await fires(platformId, r)))
        out.latencyMs = r.latency_ms!;
      else if (r.kind === "ERROR" && !out.error && (await fires(platformId, r)))
        out.error = { status: r.status === 503 ? 503 : 500 };
      else if (r.kind === "RATE_LIMIT" && !out.error && (await fires(platformId, r)))
        out.error = { status: 429, retryAfterSeconds: r.retry_after_seconds ?? 1 };
    }
    return out.latencyMs || out.error ? out : null;
  })();
}

/** The Meridian-Fault header's fault: `503`, `500`, `429` (with `retry-after=N`), `latency=200ms`, comma-joined. */
export function headerFault(value: string): InjectedFault {
  refuseOutsideSandbox();
  const out: InjectedFault = {};
  let retryAfter = 1;
  const bad = () =>
    invalidField(
      "Meridian-Fault",
      'Expected "500", "503", "429", "retry-after=N" or "latency=Nms", separated by commas',
      "FORMAT",
    );
  for (const token of value
    .toLowerCase()
    .split(/[,;\s]+/)
    .filter(Boolean)) {
    let m: RegExpMatchArray | null;
    if (token === "500" || token === "503") out.error = { status: Number(token) as 500 | 503 };
    else if (token === "429") out.error = { status: 429, retryAfterSeconds: retryAfter };
    else if ((m = /^retry-after=(\d{1,4})$/.exec(token))) retryAfter = Math.max(1, Number(m[1]));
    else if ((m = /^latency=(\d{1,5})(ms|s)?$/.exec(token)))
      out.latencyMs = Math.min(MAX_LATENCY_MS, Number(m[1]) * (m[2] === "s" ? 1000 : 1));
    else throw bad();
  }
  if (out.error?.status === 429) out.error = { status: 429, retryAfterSeconds: retryAfter };
  if (!out.error && !out.latencyMs) throw bad();
  return out;
}

/** The DomainError an injected error answers with (the operation does not run). */
export function faultError(f: NonNullable<InjectedFault["error"]>): DomainError {
  if (f.status === 429)
    return new DomainError(
      "RATE_LIMITED",
      "Injected sandbox fault: rate limited. Retry after the Retry-After seconds.",
      { retryAfter: f.retryAfterSeconds, injected: true },
      { retryAfterSeconds: f.retryAfterSeconds },
    );
  return new DomainError(
    f.status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
    "Injected sandbox fault: nothing was done. Retry the request (with the same Idempotency-Key).",
    { injected: true },
  );
}

/** A webhook delivery's fault: drop this attempt (it is retried on the usual schedule) or delay it. */
export async function webhookFault(platformId: string): Promise<{ drop: true } | { delayMs: number } | null> {
  if (!faultsAllowed()) return null;
  const hit = cached(platformId);
  if (hit && hit.length === 0) return null;
  for (const r of (await rowsFor(platformId)).filter((x) => x.operation_id === WEBHOOKS)) {
    if (r.kind === "WEBHOOK_DROP" && (await fires(platformId, r))) return { drop: true };
    if (r.kind === "WEBHOOK_DELAY" && (await fires(platformId, r))) return { delayMs: r.latency_ms ?? 0 };
  }
  return null;
}

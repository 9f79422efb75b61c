// The health endpoints' HTTP (docs/reliability.md): /api/health is liveness
// only (the process answers; no dependency is checked, so a database outage
// does not get healthy instances restarted); /api/health/ready is readiness;
// /api/health/deep adds the background backlog, for operators (bearer
// MERIDIAN_OPERATOR_TOKEN). The checks are lib/domain/ops/health.ts.
import "server-only";
import { DomainError } from "../kernel/errors";
import { ApiError, httpError } from "./errors";
import { DATABASE_RETRY_AFTER_SECONDS } from "../kernel/unavailable";
import { deepHealth, readiness, type CheckResult } from "../domain/ops/health";
import { checkOperatorToken } from "../security/operator-token";

const NO_STORE = { "cache-control": "no-store" };

function problems(checks: Record<string, CheckResult | undefined>): string[] {
  return Object.entries(checks).flatMap(([name, c]) => (c && !c.ok ? [`${name}: ${c.problem}`] : []));
}

function notReady(reason: string, details: Record<string, unknown>): Response {
  const err = new ApiError("SERVICE_UNAVAILABLE", reason, details, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });
  return Response.json(err.toBody(), { status: err.status, headers: { ...NO_STORE, ...err.headers } });
}

export function livenessResponse(): Response {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}

export async function readinessResponse(): Promise<Response> {
  const { ready, checks } = await readiness();
  if (ready) return Response.json({ status: "ready", checks }, { headers: NO_STORE });
  return notReady(`Not ready: ${problems(checks).join("; ")}`, { checks });
}

export async function deepHealthResponse(request: Request): Promise<Response> {
  try {
    checkOperatorToken(request.headers.get("authorization"));
  } catch (err) {
    const e = httpError(err as DomainError);
    return Response.json(e.body, { status: e.status, headers: { ...NO_STORE, ...e.headers } });
  }
  const deep = await deepHealth();
  const { ready, healthy, ...report } = deep;
  if (!ready) return notReady(`Not ready: ${problems(deep.checks).join("; ")}`, report);
  const found = problems({ jobs: deep.jobs, webhooks: deep.webhooks });
  return Response.json(
    { status: healthy ? "ok" : "degraded", ...(found.length ? { problems: found } : {}), ...report },
    { headers: NO_STORE },
  );
}

// The one wrapper of every BFF route (app/api/admin/..., app/api/wallet/...):
//  1. the web session must be of the route's audience (staff or customer);
//     an operator-only route refuses viewers (403); a customer's wallet
//     session must still be active (a revoked device is signed out at once);
//  2. state-changing methods must come from the app's own origin and carry the
//     session's CSRF token in X-CSRF-Token (the SameSite cookie alone is not
//     relied on);
//  3. the JSON body is parsed with the route's zod schema;
//  4. errors become {code, message[, details]} with a status, and API errors
//     are passed through with the API's own message.
import "server-only";
import { z } from "zod";
import { timingSafeEqual } from "node:crypto";
import { appOrigin } from "../env";
import { log } from "../log";
import { csrfTokenFor, customerSessionLive, getWebSession, type CustomerIdentity, type StaffIdentity } from "../auth/session";
import type { WebSession } from "../auth/types";
import { canOperate } from "../staff/roles";
import { fieldErrorsOf } from "../kernel/validation";
import { api, BffError } from "./client";

type Params = Record<string, string | string[]>;
type RouteCtx = { params: Promise<Params> };

interface Base<B extends z.ZodType | undefined> {
  body?: B;
}
type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

export interface StaffRouteOptions<B extends z.ZodType | undefined> extends Base<B> {
  operator?: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function json(status: number, body?: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers: { "cache-control": "no-store" } });
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

function fail(status: number, code: string, message: string, details?: unknown): Response {
  return json(status, details === undefined ? { code, message } : { code, message, details });
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkCsrf(request: Request, session: WebSession): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(appOrigin()).origin) return fail(403, "CSRF_REJECTED", "This request came from another site. Use the Meridian app itself.");
  if (request.headers.get("sec-fetch-site") === "cross-site") return fail(403, "CSRF_REJECTED", "This request came from another site. Use the Meridian app itself.");
  const given = request.headers.get("x-csrf-token") ?? "";
  if (!sameToken(given, csrfTokenFor(session))) return fail(403, "CSRF_REJECTED", "The page is out of date. Reload it and try again.");
  return null;
}

async function readBody<B extends z.ZodType | undefined>(request: Request, schema: B): Promise<{ body: BodyOf<B> } | Response> {
  if (!schema) return { body: undefined as BodyOf<B> };
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text ? JSON.parse(text) : {};
  } catch {
    return fail(400, "INVALID_REQUEST_FORMAT", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return fail(400, "INVALID_INPUT", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { errors });
  }
  return { body: parsed.data as BodyOf<B> };
}

async function run(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof BffError) return fail(err.status, err.code, err.message, err.details);
    log.error({ err }, "BFF route failed");
    return fail(500, "INTERNAL_ERROR", "Something went wrong on our side. Try again in a moment.");
  }
}

export function staffRoute<B extends z.ZodType | undefined = undefined>(
  opts: StaffRouteOptions<B>,
  handle: (a: { request: Request; staff: StaffIdentity; body: BodyOf<B>; params: Params }) => Promise<Response>,
) {
  return (request: Request, ctx: RouteCtx) =>
    run(async () => {
      const session = await getWebSession();
      if (session?.identity.kind !== "staff") return fail(401, "UNAUTHENTICATED", "Sign in to the admin section first.");
      const staff = session.identity;
      if (opts.operator && !canOperate(staff.role)) return fail(403, "FORBIDDEN", "Only operators can do this. Ask an operator for help.");
      const csrf = checkCsrf(request, session);
      if (csrf) return csrf;
      const parsed = await readBody(request, opts.body as B);
      if (parsed instanceof Response) return parsed;
      return handle({ request, staff, body: parsed.body, params: (await ctx.params) ?? {} });
    });
}

export function customerRoute<B extends z.ZodType | undefined = undefined>(
  opts: Base<B>,
  handle: (a: { request: Request; customer: CustomerIdentity; body: BodyOf<B>; params: Params }) => Promise<Response>,
) {
  return (request: Request, ctx: RouteCtx) =>
    run(async () => {
      const session = await getWebSession();
      if (session?.identity.kind !== "customer") return fail(401, "UNAUTHENTICATED", "Sign in first.");
      if (!customerSessionLive(session.identity) || !(await walletSessionActive(session.identity))) {
        return fail(401, "SESSION_EXPIRED", "Your session has ended or was signed out from another device. Sign in again.");
      }
      const csrf = checkCsrf(request, session);
      if (csrf) return csrf;
      const parsed = await readBody(request, opts.body as B);
      if (parsed instanceof Response) return parsed;
      return handle({ request, customer: session.identity, body: parsed.body, params: (await ctx.params) ?? {} });
    });
}

/** The wallet session behind a customer's web session is still active (not revoked or expired). */
export async function walletSessionActive(identity: CustomerIdentity): Promise<boolean> {
  const res = await api.get<{ data: { id: string }[] }>(`/auth/sessions?accountId=${encodeURIComponent(identity.accountId)}`);
  return res.body.data.some((s) => s.id === identity.walletSessionId);
}

/** For routes used before sign-in (the wallet sign-in flows): no session, same-origin only. */
export function publicRoute<B extends z.ZodType | undefined = undefined>(
  opts: Base<B>,
  handle: (a: { request: Request; body: BodyOf<B>; params: Params }) => Promise<Response>,
) {
  return (request: Request, ctx: RouteCtx) =>
    run(async () => {
      if (!SAFE_METHODS.has(request.method)) {
        const origin = request.headers.get("origin");
        if (!origin || origin !== new URL(appOrigin()).origin) return fail(403, "CSRF_REJECTED", "This request came from another site. Use the Meridian app itself.");
      }
      const parsed = await readBody(request, opts.body as B);
      if (parsed instanceof Response) return parsed;
      return handle({ request, body: parsed.body, params: (await ctx.params) ?? {} });
    });
}

// The one wrapper of every web-tier route outside the platform API
// (app/api/admin, app/api/wallet, app/api/kyc, app/api/verify, app/api/operator).
// Its `audience` says who may call and how that is proven:
//  - "staff": a staff web session; `operator: true` refuses viewers (403);
//  - "customer": a customer web session whose wallet session is still active
//    (a revoked device is signed out at once);
//  - "public": no session (the wallet sign-in flows); state-changing methods
//    must carry the app's own Origin;
//  - "hosted": the hosted pages' routes (/kyc/<token>, /verify/liveness/<token>):
//    the link token in the path is the only authority; no-referrer responses;
//  - "operator": the service operator's bearer token (MERIDIAN_OPERATOR_TOKEN);
//    unset token: the operator routes do not exist (404);
//  - "webhook": a delivery from Meridian's own webhook sender (the sandbox's
//    built-in receiver): no session or origin; the route checks the signature.
// For staff and customer, state-changing methods must come from the app's own
// origin and carry the session's CSRF token in X-CSRF-Token (the SameSite
// cookie alone is not relied on). The JSON body is parsed with the route's zod
// schema. Every refusal answers in the spec's envelope {code, reason[, details]}
// with human text in `reason`; API errors pass through with the API's code.
import "server-only";
import { z } from "zod";
import { timingSafeEqual } from "node:crypto";
import { appOrigin } from "../env";
import { log } from "../log";
import { newUuid } from "../ids";
import { checkOperatorToken } from "../security/operator-token";
import { DomainError, type FieldError } from "../kernel/errors";
import { ApiError, httpError } from "../api/errors";
import { databaseUnavailableError } from "../kernel/unavailable";
import { watchingForOutage } from "./outage";
import { fieldErrorsOf } from "../kernel/validation";
import { errorWords, fieldWords } from "../kernel/wording";
import {
  csrfTokenFor,
  customerSessionLive,
  getWebSession,
  type CustomerIdentity,
  type StaffIdentity,
} from "./auth/session";
import type { WebSession } from "./auth/types";
import { canOperate } from "./staff/roles";
import { api, BffError } from "./client";

type Params = Record<string, string | string[]>;
type RouteCtx = { params: Promise<Params> };
type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

export type Audience = "staff" | "customer" | "public" | "hosted" | "operator" | "webhook";

export interface RouteOptions<A extends Audience, B extends z.ZodType | undefined> {
  audience: A;
  /** staff only: the route changes things, so viewers are refused. */
  operator?: boolean;
  body?: B;
}

type Caller<A extends Audience> = A extends "staff"
  ? { staff: StaffIdentity }
  : A extends "customer"
    ? { customer: CustomerIdentity }
    : A extends "hosted"
      ? { token: string }
      : unknown;

export type RouteArgs<A extends Audience, B> = {
  request: Request;
  body: BodyOf<B>;
  params: Params;
  requestId: string;
} & Caller<A>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const OTHER_SITE = "This request came from another site. Use the Meridian app itself.";

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined)
    return new Response(null, { status, headers: { "cache-control": "no-store", ...headers } });
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** The spec's error envelope; `reason` is text for people. */
export function fail(
  status: number,
  code: string,
  reason: string,
  details?: unknown,
  headers: Record<string, string> = {},
): Response {
  return json(status, details === undefined ? { code, reason } : { code, reason, details }, headers);
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkCsrf(request: Request, session: WebSession): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(appOrigin()).origin) return fail(403, "CSRF_REJECTED", OTHER_SITE);
  if (request.headers.get("sec-fetch-site") === "cross-site") return fail(403, "CSRF_REJECTED", OTHER_SITE);
  const given = request.headers.get("x-csrf-token") ?? "";
  if (!sameToken(given, csrfTokenFor(session)))
    return fail(403, "CSRF_REJECTED", "The page is out of date. Reload it and try again.");
  return null;
}

/** The wallet session behind a customer's web session is still active (not revoked or expired). */
export async function walletSessionActive(identity: CustomerIdentity): Promise<boolean> {
  const res = await api.get<{ data: { id: string }[] }>(
    `/auth/sessions?accountId=${encodeURIComponent(identity.accountId)}`,
  );
  return res.body.data.some((s) => s.id === identity.walletSessionId);
}

/** Who is calling, or the refusal. */
async function admit(
  request: Request,
  opts: RouteOptions<Audience, z.ZodType | undefined>,
  params: Params,
): Promise<Record<string, unknown> | Response> {
  switch (opts.audience) {
    case "staff": {
      const session = await getWebSession();
      if (session?.identity.kind !== "staff")
        return fail(401, "UNAUTHENTICATED", "Sign in to the admin section first.");
      if (opts.operator && !canOperate(session.identity.role))
        return fail(403, "FORBIDDEN", "Only operators can do this. Ask an operator for help.");
      return checkCsrf(request, session) ?? { staff: session.identity };
    }
    case "customer": {
      const session = await getWebSession();
      if (session?.identity.kind !== "customer") return fail(401, "UNAUTHENTICATED", "Sign in first.");
      if (!customerSessionLive(session.identity) || !(await walletSessionActive(session.identity))) {
        return fail(
          401,
          "SESSION_EXPIRED",
          "Your session has ended or was signed out from another device. Sign in again.",
        );
      }
      return checkCsrf(request, session) ?? { customer: session.identity };
    }
    case "public": {
      const origin = request.headers.get("origin");
      if (!SAFE_METHODS.has(request.method) && (!origin || origin !== new URL(appOrigin()).origin))
        return fail(403, "CSRF_REJECTED", OTHER_SITE);
      return {};
    }
    case "hosted":
      return { token: String(params.token) };
    case "operator":
      checkOperatorToken(request.headers.get("authorization"));
      return {};
    case "webhook":
      return {};
  }
}

async function readBody(request: Request, schema: z.ZodType | undefined): Promise<{ body: unknown } | Response> {
  if (!schema) return { body: undefined };
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text ? JSON.parse(text) : {};
  } catch {
    return fail(400, "INVALID_REQUEST_FORMAT", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = peopleFieldErrors(fieldErrorsOf(parsed.error));
    return fail(400, "INVALID_INPUT", summaryOf(errors), { errors });
  }
  return { body: parsed.data };
}

/** The field's own name, for a summary: "accountInfo.routingNumber" → "Routing number". */
function fieldLabel(field: string): string {
  const last =
    field
      .split(".")
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field;
  const words = last.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function peopleFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.map((e) => ({ ...e, message: fieldWords(e) }));
}

function summaryOf(errors: FieldError[]): string {
  if (!errors.length) return errorWords("INVALID_INPUT")!;
  return (
    `Check ${errors.length === 1 ? "this field" : "these fields"}: ` +
    `${errors.map((e) => `${fieldLabel(e.field)}: ${e.message}`).join(" ")}`
  );
}

/** Audiences whose callers are people reading a page (hosted pages and operator scripts keep the API's reason). */
const PEOPLE: ReadonlySet<Audience> = new Set(["staff", "customer", "public"]);

/** An API refusal passed through to a page, in people's words (operator scripts keep the API's own). */
function forPeople(err: BffError): { reason: string; details: unknown } {
  const list = (err.details as { errors?: unknown } | undefined)?.errors;
  if (err.code === "INVALID_INPUT" && Array.isArray(list)) {
    const errors = peopleFieldErrors(list.filter((e): e is FieldError => typeof e?.field === "string"));
    return { reason: summaryOf(errors), details: { ...(err.details as object), errors } };
  }
  return { reason: errorWords(err.code) ?? "That did not work. Reload the page and try again.", details: err.details };
}

/**
 * The database is down or restarting (the web tier reads sessions, links and reveals itself, and its API calls meet
 * it too): 503 with Retry-After in the spec's envelope, as the API answers, never a 500. Null for any other error.
 */
function unavailableAnswer(err: unknown, people: boolean, headers: Record<string, string> = {}): Response | null {
  const unavailable = databaseUnavailableError(err);
  if (!unavailable) return null;
  const http = httpError(unavailable);
  const reason = (people ? errorWords(unavailable.code) : undefined) ?? unavailable.reason;
  return fail(http.status, unavailable.code, reason, unavailable.details, { ...headers, ...http.headers });
}

function failure(err: unknown, audience: Audience, requestId: string): Response {
  // Hosted pages and operator scripts quote the request id to support.
  const traced: Record<string, string> =
    audience === "hosted" || audience === "operator" ? { "x-request-id": requestId } : {};
  if (err instanceof BffError && err.fromApi && PEOPLE.has(audience)) {
    const human = forPeople(err);
    return fail(err.status, err.code, human.reason, human.details, { ...traced, ...err.headers });
  }
  if (err instanceof BffError)
    return fail(err.status, err.code, err.reason, err.details, { ...traced, ...err.headers });
  const unavailable = unavailableAnswer(err, PEOPLE.has(audience), traced);
  if (unavailable) return unavailable;
  if (err instanceof DomainError) {
    const http = httpError(err);
    return fail(http.status, err.code, err.reason, err.details, { ...traced, ...http.headers });
  }
  log.error({ requestId, err }, "web route failed");
  return fail(500, "INTERNAL_ERROR", "Something went wrong on our side. Try again in a moment.", undefined, traced);
}

export function route<A extends Audience, B extends z.ZodType | undefined = undefined>(
  opts: RouteOptions<A, B>,
  handle: (args: RouteArgs<A, B>) => Promise<Response>,
) {
  return async (request: Request, ctx: RouteCtx): Promise<Response> => {
    const requestId = newUuid();
    try {
      const params = (await ctx?.params) ?? {};
      const caller = await admit(request, opts, params);
      if (caller instanceof Response) return caller;
      const parsed = await readBody(request, opts.body);
      if (parsed instanceof Response) return parsed;
      const res = await handle({ request, body: parsed.body as BodyOf<B>, params, requestId, ...caller } as RouteArgs<
        A,
        B
      >);
      if (opts.audience === "hosted") res.headers.set("referrer-policy", "no-referrer");
      return res;
    } catch (err) {
      const res = failure(err, opts.audience, requestId);
      if (opts.audience === "hosted") res.headers.set("referrer-policy", "no-referrer");
      return res;
    }
  };
}

/**
 * A web route that answers in its own way rather than through route() (next-auth, the sandbox OpenID provider):
 * its answers stay its own, but an unreachable database answers as in route(), 503 with Retry-After in the spec's
 * envelope in people's words, never a 500 or a hang; also where the library the route hands over to would turn the
 * error into an answer of its own (next-auth's failed sign-in), if the code it calls notes the outage
 * (notingOutage in lib/bff/outage.ts). Any other error is the route's, as before.
 */
export function outageAware<Args extends unknown[]>(
  handle: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      const { value, unavailable } = await watchingForOutage(() => handle(...args));
      return (unavailable === undefined ? null : unavailableAnswer(unavailable, true)) ?? value;
    } catch (err) {
      const answer = unavailableAnswer(err, true);
      if (answer) return answer;
      throw err;
    }
  };
}

/** A hosted page's JSON body (domain functions validate it). */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > 64 * 1024) throw new ApiError("PAYLOAD_TOO_LARGE", "Request body too large");
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Malformed JSON body");
  }
}

/** A hosted page's multipart upload. */
export async function formBody(request: Request): Promise<Record<string, unknown>> {
  if (Number(request.headers.get("content-length") ?? "0") > 11 * 1024 * 1024)
    throw new ApiError("PAYLOAD_TOO_LARGE", "Upload too large");
  try {
    return Object.fromEntries((await request.formData()).entries());
  } catch {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Send the upload as multipart/form-data");
  }
}

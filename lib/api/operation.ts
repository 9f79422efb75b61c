// An API operation: its method, path, auth, schemas and handler in one typed
// object. Route files only hand operations to routeHandlers(); the OpenAPI
// document is generated from the same objects.
import type { z } from "zod";
import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { Permission } from "../domain/platform/permissions";
import type { Principal } from "../domain/platform/principal";
import { strictInput } from "../kernel/validation";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Not the request's outcome yet (the signed retry's still-processing 200): an Idempotency-Key does not keep it. */
  provisional?: boolean;
}

export interface RequestContext {
  requestId: string;
  principal: Principal | null;
  clock: Clock;
  log: Logger;
  /** The calling platform's id; throws for unauthenticated operations. */
  platformId: string;
  /** Runs fn once the handler has returned or thrown, before the response is sent (errors are logged). */
  defer?: (fn: () => Promise<unknown>) => void;
}

/**
 * What the API reads of an HTTP request. A web Request is one; the node:http
 * server (lib/api/node.ts) hands JSON operations a lighter one, since building a
 * web Request with its Headers and AbortSignal for every call cost ~5 % of the
 * server's CPU on the transfer path.
 */
export interface ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  /** `url` already parsed, when the server has it (so the handler does not parse it again). */
  readonly parsedUrl?: URL;
  text(): Promise<string>;
  formData(): Promise<FormData>;
}

export interface HandlerInput<B, Q, P> {
  ctx: RequestContext;
  body: B;
  query: Q;
  params: P;
  request: ApiRequest;
  /** Exact request body text (JSON routes); signed retries compare it between legs. */
  rawBody: string;
}

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

export interface Operation<B = unknown, Q = unknown, P = unknown> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path relative to the version base, e.g. "/customers/{customerId}". */
  path: string;
  summary: string;
  /** Longer Markdown text for the API reference (the OpenAPI operation's description). */
  description?: string;
  tag: string;
  auth: "platform" | "agent" | "none";
  permission?: Permission;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  bodyKind?: "json" | "multipart";
  idempotency?: "optional" | "required";
  deprecated?: boolean;
  /** A Meridian operation the reference does not have (served with `x-meridian-extension: true`). */
  extension?: true;
  /** Extra request headers to document (e.g. Service-Wallet-Signature). */
  headers?: { name: string; description: string; required?: boolean }[];
  responses: Record<number, ResponseSpec>;
  handle(input: HandlerInput<B, Q, P>): Promise<ApiResult>;
}

/**
 * An operation as the API serves it, keeping its schema-inferred types: the
 * request body schema made strict, so an unknown body field is 400 UNKNOWN_FIELD
 * (for every operation alike, and so documented in the OpenAPI document).
 */
export function defineOperation<B = undefined, Q = undefined, P = undefined>(
  op: Operation<B, Q, P>,
): Operation<B, Q, P> {
  return op.body ? { ...op, body: strictInput(op.body) } : op;
}

export { API_BASE, API_VERSION } from "../kernel/api-base";

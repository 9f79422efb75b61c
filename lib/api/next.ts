// Adapts operations to Next.js route handlers. Methods a path does not
// support answer 405 METHOD_NOT_ALLOWED in the spec's error body.
import "server-only";
import { DomainError } from "../kernel/errors";
import { ApiError } from "./errors";
import { errorResponse, handleOperation } from "./handler";
import { newUuid } from "../ids";
import type { HttpMethod, Operation } from "./operation";

type NextContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function routeHandlers(...ops: Operation<any, any, any>[]): Record<HttpMethod, RouteHandler> {
  const byMethod = new Map(ops.map((op) => [op.method, op]));
  const allow = [...byMethod.keys()].join(", ");
  const handlers = {} as Record<HttpMethod, RouteHandler>;
  for (const method of METHODS) {
    const op = byMethod.get(method);
    handlers[method] = op
      ? async (request, context) => handleOperation(op, request, (await context?.params) ?? {})
      : async () =>
          errorResponse(
            new ApiError("METHOD_NOT_ALLOWED", `Method not allowed here; allowed: ${allow}`, undefined, {
              Allow: allow,
            }),
            newUuid(),
          );
  }
  return handlers;
}

/** Handlers for paths no operation matches. */
export function notFoundHandlers(reason: (request: Request) => DomainError): Record<HttpMethod, RouteHandler> {
  const handlers = {} as Record<HttpMethod, RouteHandler>;
  for (const method of METHODS) handlers[method] = async (request) => errorResponse(reason(request), newUuid());
  return handlers;
}

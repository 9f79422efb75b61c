// An unreachable database met by code that a library calls and whose errors the
// library turns into an answer of its own (next-auth answers an error thrown in
// a credentials provider's authorize() with "sign-in failed", 401): that code
// notes the outage here, and the route's wrapper (outageAware in
// lib/bff/route.ts) answers 503 with Retry-After instead, as every web route
// answers an unreachable database. One scope per request (AsyncLocalStorage).
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailable } from "../kernel/unavailable";

interface Scope {
  unavailable?: unknown;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `work`; an error it throws is rethrown, an unreachable database noted first for the request's route. */
export async function notingOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const request = scope.getStore();
    if (request && request.unavailable === undefined && isDatabaseUnavailable(err)) request.unavailable = err;
    throw err;
  }
}

/** Runs a route's handler in a scope of its own; `unavailable` is the outage noted while it ran, if any. */
export async function watchingForOutage<T>(handle: () => Promise<T>): Promise<{ value: T; unavailable?: unknown }> {
  const request: Scope = {};
  const value = await scope.run(request, handle);
  return { value, unavailable: request.unavailable };
}

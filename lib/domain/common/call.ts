// What the embedded-wallet flows read of the call that reaches them, and what
// they answer. The signed retry is a request-level protocol (two headers, a
// hash of method, path and body, a 202 challenge), so the flows see the
// request; these shapes are declared here so the domain imports nothing of
// lib/api, whose ApiRequest, RequestContext and ApiResult satisfy them.
import type { Clock } from "../../clock";

/** The request as the signed retry reads it: method, URL and headers. */
export interface SignedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
}

/** The calling platform, the clock, and a hook to run work once the response is decided. */
export interface WalletCall {
  platformId: string;
  clock: Clock;
  /** Runs fn once the handler has returned or thrown, before the response is sent. */
  defer?: (fn: () => Promise<unknown>) => void;
}

/** A flow's answer: status, body and headers (the 202 challenge, the still-processing 200, or the outcome). */
export interface WalletAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Not the request's outcome yet (the still-processing 200): an Idempotency-Key does not keep it. */
  provisional?: boolean;
}

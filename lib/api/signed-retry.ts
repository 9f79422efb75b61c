// The signed retry in HTTP terms: reads the two headers and fingerprints the
// request for the domain (lib/domain/wallet-auth/signed-retry.ts), and answers
// its outcome: the 202 challenge, the still-processing 200 with Retry-After
// (provisional, so an Idempotency-Key does not keep it), or the flow's result.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { SignedCall, WalletOutcome } from "../domain/common/call";
import { SIGNED_REQUEST_ID_HEADER, WALLET_SIGNATURE_HEADER } from "../kernel/signed-retry-headers";
import type { ApiRequest, ApiResult } from "./operation";

/**
 * A repeat of a signed retry while the first is still running (spec: Authentication, signed retry step 3): any
 * operation that takes the signed-retry headers can answer it, with Retry-After. The served document carries it once,
 * as a component the Request-Id header names, rather than on every operation's 200.
 */
export const SignedRetryStillProcessing = z.strictObject({ requestId: z.string(), stillProcessing: z.literal(true) });

/** Headers to document on operations that use the signed retry. */
export const SIGNED_RETRY_HEADERS = [
  { name: WALLET_SIGNATURE_HEADER, description: "Stamp over payloadToSign of the 202 challenge (signed retry only)" },
  {
    name: SIGNED_REQUEST_ID_HEADER,
    description:
      "requestId of the 202 challenge (signed retry only). A repeat while the first retry is still running answers " +
      "200 SignedRetryStillProcessing with Retry-After",
  },
];

export function signedCall(request: ApiRequest, rawBody: string): SignedCall {
  const url = new URL(request.url);
  const fingerprint = createHash("sha256")
    .update(`${request.method.toUpperCase()} ${url.pathname}${url.search}\n${rawBody}`)
    .digest("hex");
  const signature = request.headers.get(WALLET_SIGNATURE_HEADER);
  const requestId = request.headers.get(SIGNED_REQUEST_ID_HEADER);
  return { fingerprint, retry: signature === null && requestId === null ? null : { signature, requestId } };
}

/** `status`: the operation's own success status (204 sends no body). */
export function walletAnswer<T>(outcome: WalletOutcome<T>, status = 200): ApiResult {
  switch (outcome.kind) {
    case "challenge": {
      const { kind: _kind, ...body } = outcome;
      return { status: 202, body };
    }
    case "processing":
      return {
        status: 200,
        body: { requestId: outcome.requestId, stillProcessing: true },
        headers: { "Retry-After": "1" },
        provisional: true,
      };
    case "done":
      return status === 204 ? { status } : { status, body: outcome.value };
  }
}

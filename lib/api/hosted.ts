// Server routes of the hosted pages (KYC /kyc/<token>, liveness
// /verify/liveness/<token>): no platform credentials, the link token in the
// path is the only authority. Errors use the API's body.
import "server-only";
import { ApiError } from "../kernel/errors";
import { errorResponse, jsonResponse } from "./handler";
import { log } from "../log";
import { newUuid } from "../ids";

type Ctx = { params: Promise<{ token: string }> };

export function hosted(run: (token: string, request: Request) => Promise<unknown>) {
  return async (request: Request, context: Ctx): Promise<Response> => {
    const requestId = newUuid();
    try {
      const { token } = await context.params;
      const body = await run(token, request);
      return jsonResponse(200, body, { "cache-control": "no-store", "referrer-policy": "no-referrer" });
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err, requestId);
      log.error({ requestId, err }, "hosted page route failed");
      return errorResponse(new ApiError("INTERNAL_ERROR", `Internal error (request ${requestId})`), requestId);
    }
  };
}

export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > 64 * 1024) throw new ApiError("PAYLOAD_TOO_LARGE", "Request body too large");
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Malformed JSON body");
  }
}

export async function formBody(request: Request): Promise<Record<string, unknown>> {
  if (Number(request.headers.get("content-length") ?? "0") > 11 * 1024 * 1024) throw new ApiError("PAYLOAD_TOO_LARGE", "Upload too large");
  try {
    return Object.fromEntries((await request.formData()).entries());
  } catch {
    throw new ApiError("INVALID_REQUEST_FORMAT", "Send the upload as multipart/form-data");
  }
}

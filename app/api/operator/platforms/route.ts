// POST /api/operator/platforms – the operator creates a platform (tenant) and
// receives its root credential once. Enabled only when MERIDIAN_OPERATOR_TOKEN is set.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/api/errors";
import { errorResponse, jsonResponse } from "@/lib/api/handler";
import { parseOrThrow } from "@/lib/api/validation";
import { constantTimeEqual } from "@/lib/crypto/secrets";
import { createPlatform } from "@/lib/domain/platform/platforms";
import { newUuid } from "@/lib/ids";

const Body = z.object({ name: z.string().trim().min(1).max(255), umaDomain: z.string().min(3).max(253).optional() });

export async function POST(request: Request): Promise<Response> {
  const requestId = newUuid();
  try {
    const token = env().MERIDIAN_OPERATOR_TOKEN;
    if (!token) throw new ApiError("NOT_FOUND", "The operator API is disabled; set MERIDIAN_OPERATOR_TOKEN to enable it");
    const given = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    if (!constantTimeEqual(given, token)) throw new ApiError("UNAUTHORIZED", "Invalid operator token", undefined, { "WWW-Authenticate": "Bearer" });
    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      throw new ApiError("INVALID_REQUEST_FORMAT", "Malformed JSON body");
    }
    const body = parseOrThrow(Body, raw);
    const created = await createPlatform(db(), { name: body.name, umaDomain: body.umaDomain ?? env().MERIDIAN_UMA_DOMAIN });
    return jsonResponse(201, { id: `Platform:${created.platformId}`, clientId: created.clientId, clientSecret: created.clientSecret }, { "x-request-id": requestId });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, requestId);
    throw err;
  }
}

// POST /api/operator/platforms – the operator creates a platform (tenant) and
// receives its root credential once. Enabled only when MERIDIAN_OPERATOR_TOKEN is set.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { jsonResponse } from "@/lib/api/handler";
import { parseOrThrow } from "@/lib/kernel/validation";
import { operatorRoute, readJson } from "@/lib/api/operator";
import { createPlatform } from "@/lib/domain/platform/platforms";

const Body = z.object({ name: z.string().trim().min(1).max(255), umaDomain: z.string().min(3).max(253).optional() });

export function POST(request: Request): Promise<Response> {
  return operatorRoute(request, async (requestId) => {
    const body = parseOrThrow(Body, await readJson(request));
    const created = await createPlatform(db(), { name: body.name, umaDomain: body.umaDomain ?? env().MERIDIAN_UMA_DOMAIN });
    return jsonResponse(201, { id: `Platform:${created.platformId}`, clientId: created.clientId, clientSecret: created.clientSecret }, { "x-request-id": requestId });
  });
}

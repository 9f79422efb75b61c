import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { json, route } from "@/lib/bff/route";
import { createPlatform } from "@/lib/domain/platform/platforms";

const Body = z.object({ name: z.string().trim().min(1).max(255), umaDomain: z.string().min(3).max(253).optional() });

export const POST = route({ audience: "operator", body: Body }, async ({ body, requestId }) => {
  const created = await createPlatform(db(), {
    name: body.name,
    umaDomain: body.umaDomain ?? env().MERIDIAN_UMA_DOMAIN,
  });
  return json(
    201,
    { id: `Platform:${created.platformId}`, clientId: created.clientId, clientSecret: created.clientSecret },
    { "x-request-id": requestId },
  );
});

import { z } from "zod";
import { json, route } from "@/lib/bff/route";
import { operatorCreatePlatform } from "@/lib/bff/operator";

const Body = z.object({ name: z.string().trim().min(1).max(255), umaDomain: z.string().min(3).max(253).optional() });

export const POST = route({ audience: "operator", body: Body }, async ({ body, requestId }) =>
  json(201, await operatorCreatePlatform(body), { "x-request-id": requestId }),
);

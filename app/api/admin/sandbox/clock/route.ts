// POST /api/admin/sandbox/clock – an operator advances sandbox time for the platform.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600),
});

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(200, (await api.post("/sandbox/clock/advance", body)).body),
);

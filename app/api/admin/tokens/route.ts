// POST /api/admin/tokens – an operator creates an API token (secret shown once).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z.object({
  name: z.string().trim().min(1).max(255),
  permissions: z
    .array(z.enum(["VIEW", "TRANSACT", "MANAGE"]))
    .min(1)
    .max(3),
});

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(201, (await api.post("/tokens", body)).body),
);

// PATCH /api/admin/config – an operator changes the platform configuration (incl. sandbox flags).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z.object({
  umaDomain: z.string().trim().min(3).max(253).optional(),
  webhookEndpoint: z.string().trim().max(2048).nullable().optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  skipVerificationPaperwork: z.boolean().optional(),
});

export const PATCH = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(200, (await api.patch("/config", body)).body),
);

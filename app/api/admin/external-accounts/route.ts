// POST /api/admin/external-accounts – an operator adds one of the platform's
// own external accounts (POST /platform/external-accounts; the API validates accountInfo).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { withAdvice } from "@/lib/bff/admin/api-errors";

const Body = z.object({
  currency: z.string().trim().min(3).max(8),
  platformAccountId: z.string().trim().min(1).max(255).optional(),
  ownershipType: z.enum(["FIRST_PARTY", "THIRD_PARTY"]).optional(),
  accountInfo: z.record(z.string(), z.unknown()),
});

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(201, (await withAdvice(() => api.post("/platform/external-accounts", body))).body),
);

// POST /api/admin/accounts/{accountId}/fund – an operator adds sandbox funds to an internal account.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z.object({ amount: z.number().int().positive().max(100_000_000_000) });

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ body, params }) =>
  json(
    200,
    (await api.post(`/sandbox/internal-accounts/${encodeURIComponent(String(params.accountId))}/fund`, body)).body,
  ),
);

// POST /api/admin/sandbox/webhook-test – an operator sends a TEST webhook to the configured endpoint.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async () =>
  json(200, (await api.post("/sandbox/webhooks/test", {})).body ?? {}),
);

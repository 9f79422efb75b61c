// POST /api/admin/sandbox/webhook-test – an operator sends a TEST webhook to the configured endpoint.
import { api } from "@/lib/bff/client";
import { json, staffRoute } from "@/lib/bff/route";

export const POST = staffRoute({ operator: true }, async () => json(200, (await api.post("/sandbox/webhooks/test", {})).body ?? {}));

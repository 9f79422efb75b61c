// POST /api/sandbox/webhook-inbox – the sandbox's built-in webhook receiver (lib/bff/sandbox-inbox.ts).
import { json, route } from "@/lib/bff/route";
import { receiveSandboxWebhook } from "@/lib/bff/sandbox-inbox";

export const POST = route({ audience: "webhook" }, async ({ request }) =>
  json(200, await receiveSandboxWebhook(request)),
);

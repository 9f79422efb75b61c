// POST /api/admin/agents/{agentId}/actions/{actionId}/reject – an operator rejects an agent action.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const POST = route(
  { audience: "staff", operator: true, body: z.object({ reason: z.string().max(1024).optional() }) },
  async ({ params, body }) => {
    const res = await api.post(
      `/agents/${encodeURIComponent(String(params.agentId))}` +
        `/actions/${encodeURIComponent(String(params.actionId))}/reject`,
      body,
    );
    return json(200, res.body);
  },
);

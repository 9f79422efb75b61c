// PATCH /api/admin/agents/{agentId}/policy – an operator edits an agent's policy (partial update, validated by the
// API).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const PATCH = route(
  { audience: "staff", operator: true, body: z.record(z.string(), z.unknown()) },
  async ({ params, body }) => {
    const res = await api.patch(`/agents/${encodeURIComponent(String(params.agentId))}/policy`, body);
    return json(200, res.body);
  },
);

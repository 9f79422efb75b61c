// PATCH /api/admin/agents/{agentId} – an operator pauses, resumes or renames an agent.
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

const Body = z
  .object({ isPaused: z.boolean().optional(), name: z.string().trim().min(1).max(255).optional() })
  .strict();

export const PATCH = route({ audience: "staff", operator: true, body: Body }, async ({ params, body }) => {
  const res = await api.patch(`/agents/${encodeURIComponent(String(params.agentId))}`, body);
  return json(200, res.body);
});

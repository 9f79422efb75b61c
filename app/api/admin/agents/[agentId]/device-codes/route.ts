// POST /api/admin/agents/{agentId}/device-codes – an operator issues a new device code to install the agent.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async ({ params }) => {
  const res = await api.post(`/agents/${encodeURIComponent(String(params.agentId))}/device-codes`);
  return json(201, res.body);
});

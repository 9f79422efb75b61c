// POST /api/admin/agents/{agentId}/actions/{actionId}/approve – an operator approves an agent action from the approvals
// queue.
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "staff", operator: true }, async ({ params }) => {
  const res = await api.post(
    `/agents/${encodeURIComponent(String(params.agentId))}` +
      `/actions/${encodeURIComponent(String(params.actionId))}/approve`,
  );
  return json(200, res.body);
});

// POST /api/admin/stablecoins/{stablecoinId}/enablement – the operator's enablement controls:
// REQUEST asks for enablement as the platform; ENABLING/ENABLED/DISABLED are the
// service operator's moves (lib/domain/stablecoins/enablement.ts), for this platform's stablecoins only.
// The stablecoin is looked up through the API first, so only this platform's
// stablecoins can be moved; the service operator's move itself has no platform
// API operation, so it calls the domain.
import { z } from "zod";
import { api, BffError } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { OPERATOR_TARGETS } from "@/lib/domain/stablecoins/status";
import { moveStablecoinEnablement } from "@/lib/bff/operator";
import { parseApiId } from "@/lib/ids";

const Body = z.object({ gridOperationsStatus: z.enum(["REQUEST", ...OPERATOR_TARGETS]) });

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ params, body }) => {
  const id = String(params.stablecoinId);
  const path = `/stablecoins/${encodeURIComponent(id)}`;
  if (body.gridOperationsStatus === "REQUEST")
    return json(200, (await api.post(`${path}/enablement-requests`, {})).body);
  const own = await api.get<{ id: string }>(path, { accept: [400, 404] });
  const uuid = own.status === 200 ? parseApiId("Stablecoin", own.body.id) : null;
  if (!uuid) throw new BffError(404, "NOT_FOUND", `Stablecoin ${id} not found`);
  return json(200, await moveStablecoinEnablement(uuid, body.gridOperationsStatus));
});

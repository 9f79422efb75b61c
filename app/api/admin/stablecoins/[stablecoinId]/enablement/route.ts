// POST /api/admin/stablecoins/{stablecoinId}/enablement – the operator's enablement controls:
// REQUEST asks for enablement as the platform; ENABLING/ENABLED/DISABLED are the
// service operator's moves (lib/domain/stablecoins/enablement.ts), for this platform's stablecoins only.
import { z } from "zod";
import { api, bffPlatformId, BffError } from "@/lib/bff/client";
import { db } from "@/lib/db/client";
import { parseApiId } from "@/lib/ids";
import { json, staffRoute } from "@/lib/bff/route";
import { ApiError } from "@/lib/kernel/errors";
import { OPERATOR_TARGETS } from "@/lib/domain/stablecoins/enablement";
import { operatorSetEnablement } from "@/lib/domain/stablecoins/stablecoins";

const Body = z.object({ gridOperationsStatus: z.enum(["REQUEST", ...OPERATOR_TARGETS]) });

export const POST = staffRoute({ operator: true, body: Body }, async ({ params, body }) => {
  const id = String(params.stablecoinId);
  if (body.gridOperationsStatus === "REQUEST") {
    return json(200, (await api.post(`/stablecoins/${encodeURIComponent(id)}/enablement-requests`, {})).body);
  }
  const uuid = parseApiId("Stablecoin", id);
  const own = uuid ? await db().stablecoin.findFirst({ where: { id: uuid, platformId: await bffPlatformId() }, select: { id: true } }) : null;
  if (!own) throw new BffError(404, "NOT_FOUND", `Stablecoin ${id} not found`);
  try {
    return json(200, await operatorSetEnablement(db(), own.id, body.gridOperationsStatus));
  } catch (err) {
    if (err instanceof ApiError) throw new BffError(err.status, err.code, err.reason, err.details);
    throw err;
  }
});

// The service operator's moves (the operator routes and the admin section's
// enablement controls): none is a platform API operation, so the web tier
// calls them here. Ids are the database's uuids.
import "server-only";
import { db } from "../../db/client";
import { env } from "../../env";
import { createPlatform } from "../platform/platforms";
import { resetPlatformData } from "../sandbox/reset";
import { operatorListStablecoins, operatorSetEnablement } from "../stablecoins/stablecoins";
import type { EnablementState } from "../stablecoins/status";

export async function operatorCreatePlatform(input: { name: string; umaDomain?: string }) {
  const created = await createPlatform(db(), {
    name: input.name,
    umaDomain: input.umaDomain ?? env().MERIDIAN_UMA_DOMAIN,
  });
  return { id: `Platform:${created.platformId}`, clientId: created.clientId, clientSecret: created.clientSecret };
}

export const stablecoinQueue = (status?: EnablementState) => operatorListStablecoins(db(), status);

export const moveStablecoinEnablement = (stablecoinUuid: string, to: EnablementState) =>
  operatorSetEnablement(db(), stablecoinUuid, to);

/** Drops a sandbox platform with all its data and credentials (per-test platforms); refused outside the sandbox. */
export const operatorDropPlatform = (platformUuid: string) => resetPlatformData(platformUuid, { dropPlatform: true });

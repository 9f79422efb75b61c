// GET /api/verify/liveness/{token} – what the hosted liveness page shows
import { db } from "@/lib/db/client";
import { livenessState } from "@/lib/domain/external-accounts/liveness";
import { json, route } from "@/lib/bff/route";

export const GET = route({ audience: "hosted" }, async ({ token }) => json(200, await livenessState(db(), token)));

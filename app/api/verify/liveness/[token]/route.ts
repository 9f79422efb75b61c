// GET /api/verify/liveness/{token} – what the hosted liveness page shows
import { db } from "@/lib/db/client";
import { livenessState } from "@/lib/domain/external-accounts/liveness";
import { hosted } from "@/lib/api/hosted";

export const GET = hosted((token) => livenessState(db(), token));

// GET /api/kyc/{token} – what the hosted verification page shows
import { db } from "@/lib/db/client";
import { kycLinkState } from "@/lib/domain/verifications/kyc-link";
import { json, route } from "@/lib/bff/route";

export const GET = route({ audience: "hosted" }, async ({ token }) => json(200, await kycLinkState(db(), token)));

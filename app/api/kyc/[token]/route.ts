// GET /api/kyc/{token} – what the hosted verification page shows
import { db } from "@/lib/db/client";
import { kycLinkState } from "@/lib/domain/verifications/kyc-link";
import { hosted } from "@/lib/api/hosted";

export const GET = hosted((token) => kycLinkState(db(), token));

// POST /api/kyc/{token}/submit – submit for verification (same rules as POST /verifications)
import { db } from "@/lib/db/client";
import { submitKycLink } from "@/lib/domain/verifications/kyc-link";
import { hosted } from "@/lib/api/hosted";

export const POST = hosted((token) => submitKycLink(db(), token));

// POST /api/kyc/{token}/submit – submit for verification (same rules as POST /verifications)
import { db } from "@/lib/db/client";
import { submitKycLink } from "@/lib/domain/verifications/kyc-link";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token }) => json(200, await submitKycLink(db(), token)));

// POST /api/kyc/{token}/details – the customer completes identity or business details
import { db } from "@/lib/db/client";
import { updateKycDetails } from "@/lib/domain/verifications/kyc-link";
import { hosted, jsonBody } from "@/lib/api/hosted";

export const POST = hosted(async (token, request) => updateKycDetails(db(), token, await jsonBody(request)));

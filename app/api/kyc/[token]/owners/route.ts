// POST /api/kyc/{token}/owners – a business adds a beneficial owner
import { db } from "@/lib/db/client";
import { addKycOwner } from "@/lib/domain/verifications/kyc-link";
import { hosted, jsonBody } from "@/lib/api/hosted";

export const POST = hosted(async (token, request) => addKycOwner(db(), token, await jsonBody(request)));

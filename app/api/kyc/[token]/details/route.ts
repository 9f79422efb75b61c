// POST /api/kyc/{token}/details – the customer completes identity or business details
import { db } from "@/lib/db/client";
import { updateKycDetails } from "@/lib/domain/verifications/kyc-link";
import { json, jsonBody, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await updateKycDetails(db(), token, await jsonBody(request))),
);

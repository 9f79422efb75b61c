// POST /api/kyc/{token}/owners – a business adds a beneficial owner
import { db } from "@/lib/db/client";
import { addKycOwner } from "@/lib/domain/verifications/kyc-link";
import { json, jsonBody, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await addKycOwner(db(), token, await jsonBody(request))),
);

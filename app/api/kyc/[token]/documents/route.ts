// POST /api/kyc/{token}/documents – upload a document (multipart) for the customer or one of its owners
import { db } from "@/lib/db/client";
import { uploadKycDocument } from "@/lib/domain/verifications/kyc-link";
import { formBody, json, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await uploadKycDocument(db(), token, await formBody(request))),
);

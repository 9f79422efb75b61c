// POST /api/kyc/{token}/documents – upload a document (multipart) for the customer or one of its owners
import { db } from "@/lib/db/client";
import { uploadKycDocument } from "@/lib/domain/verifications/kyc-link";
import { formBody, hosted } from "@/lib/api/hosted";

export const POST = hosted(async (token, request) => uploadKycDocument(db(), token, await formBody(request)));

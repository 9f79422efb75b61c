// POST /api/kyc/{token}/documents – upload a document (multipart) for the customer or one of its owners
import { hostedKyc } from "@/lib/bff/hosted";
import { formBody, json, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await hostedKyc.uploadDocument(token, await formBody(request))),
);

// POST /api/kyc/{token}/owners – a business adds a beneficial owner
import { hostedKyc } from "@/lib/bff/hosted";
import { json, jsonBody, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await hostedKyc.addOwner(token, await jsonBody(request))),
);

// POST /api/kyc/{token}/details – the customer completes identity or business details
import { hostedKyc } from "@/lib/bff/hosted";
import { json, jsonBody, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token, request }) =>
  json(200, await hostedKyc.updateDetails(token, await jsonBody(request))),
);

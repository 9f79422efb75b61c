// GET /api/kyc/{token} – what the hosted verification page shows
import { hostedKyc } from "@/lib/bff/hosted";
import { json, route } from "@/lib/bff/route";

export const GET = route({ audience: "hosted" }, async ({ token }) => json(200, await hostedKyc.state(token)));

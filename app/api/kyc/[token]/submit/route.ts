// POST /api/kyc/{token}/submit – submit for verification (same rules as POST /verifications)
import { hostedKyc } from "@/lib/bff/hosted";
import { json, route } from "@/lib/bff/route";

export const POST = route({ audience: "hosted" }, async ({ token }) => json(200, await hostedKyc.submit(token)));

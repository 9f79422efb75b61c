// GET /api/verify/liveness/{token} – what the hosted liveness page shows
import { hostedLiveness } from "@/lib/bff/hosted";
import { json, route } from "@/lib/bff/route";

export const GET = route({ audience: "hosted" }, async ({ token }) => json(200, await hostedLiveness.state(token)));

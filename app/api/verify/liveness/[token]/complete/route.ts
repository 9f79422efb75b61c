// POST /api/verify/liveness/{token}/complete – sandbox: the simulated liveness check passes or fails
import { z } from "zod";
import { parseOrThrow } from "@/lib/kernel/validation";
import { hostedLiveness } from "@/lib/bff/hosted";
import { json, jsonBody, route } from "@/lib/bff/route";

const Body = z.object({ outcome: z.enum(["PASS", "FAIL"]) });

export const POST = route({ audience: "hosted" }, async ({ token, request }) => {
  const { outcome } = parseOrThrow(Body, await jsonBody(request));
  return json(200, await hostedLiveness.complete(token, outcome));
});

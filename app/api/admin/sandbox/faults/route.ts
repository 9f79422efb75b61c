// PUT /api/admin/sandbox/faults – an operator replaces the platform's sandbox faults
// (the whole list, as PUT /sandbox/faults takes it; an empty list clears them).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { withAdvice } from "@/lib/bff/admin/api-errors";

// The API validates each fault and answers with the field at fault; this only bounds the request.
const Body = z.object({ faults: z.array(z.record(z.string(), z.unknown())).max(100) });

const ADVICE = {
  FORBIDDEN: "Faults can only be injected in the sandbox. This server runs as production, so nothing was changed.",
};

export const PUT = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(200, (await withAdvice(() => api.put("/sandbox/faults", body), ADVICE)).body),
);

// GET /api/health: liveness (the process answers). Readiness is /api/health/ready.
import { livenessResponse } from "@/lib/api/health";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return livenessResponse();
}

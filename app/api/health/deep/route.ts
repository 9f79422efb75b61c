// GET /api/health/deep: readiness plus job backlog and failing webhook deliveries; operator token required.
import { deepHealthResponse } from "@/lib/api/health";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return deepHealthResponse(request);
}

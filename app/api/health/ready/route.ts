// GET /api/health/ready: 200 when this instance can serve (database, migrations, job worker), else 503 naming
// what is wrong.
import { readinessResponse } from "@/lib/api/health";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return readinessResponse();
}

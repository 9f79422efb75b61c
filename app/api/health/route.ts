// GET /api/health – liveness and database reachability, for launchers and load balancers.
import { pool } from "@/lib/db/client";

export async function GET(): Promise<Response> {
  try {
    await pool().query("SELECT 1");
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "database unavailable" }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}

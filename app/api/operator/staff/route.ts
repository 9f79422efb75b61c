// POST /api/operator/staff – the operator creates a staff account for the admin
// section (role viewer or operator); a generated password is returned once.
import { db } from "@/lib/db/client";
import { jsonResponse } from "@/lib/api/handler";
import { parseOrThrow } from "@/lib/kernel/validation";
import { operatorRoute, readJson } from "@/lib/api/operator";
import { StaffUserCreate, createStaffUser } from "@/lib/staff/create-staff-user";

export function POST(request: Request): Promise<Response> {
  return operatorRoute(request, async (requestId) => {
    const body = parseOrThrow(StaffUserCreate, await readJson(request));
    return jsonResponse(201, await createStaffUser(db(), body), { "x-request-id": requestId });
  });
}

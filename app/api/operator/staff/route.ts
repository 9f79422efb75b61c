import { db } from "@/lib/db/client";
import { json, route } from "@/lib/bff/route";
import { StaffUserCreate, createStaffUser } from "@/lib/bff/staff/create-staff-user";

export const POST = route({ audience: "operator", body: StaffUserCreate }, async ({ body, requestId }) =>
  json(201, await createStaffUser(db(), body), { "x-request-id": requestId }),
);

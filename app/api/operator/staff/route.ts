import { json, route } from "@/lib/bff/route";
import { StaffUserCreate, createStaffUser } from "@/lib/bff/operator";

export const POST = route({ audience: "operator", body: StaffUserCreate }, async ({ body, requestId }) =>
  json(201, await createStaffUser(body), { "x-request-id": requestId }),
);

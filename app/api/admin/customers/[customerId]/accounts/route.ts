// GET /api/admin/customers/{customerId}/accounts – the customer's internal accounts,
// for the sandbox panel's funding form once a customer is picked.
import { json, route } from "@/lib/bff/route";
import { customerAccounts } from "@/lib/bff/admin/customer-search";

export const GET = route({ audience: "staff", operator: true }, async ({ params }) =>
  json(200, await customerAccounts(String(params.customerId))),
);

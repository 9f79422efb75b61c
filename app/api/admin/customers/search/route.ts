// GET /api/admin/customers/search?q= – the customer picker's matches: up to ten live
// customers of the platform whose name, email or platformCustomerId contains q.
import { json, route } from "@/lib/bff/route";
import { searchPlatformCustomers } from "@/lib/bff/admin/customer-search";

export const GET = route({ audience: "staff" }, async ({ request }) =>
  json(200, await searchPlatformCustomers(new URL(request.url).searchParams.get("q") ?? "")),
);

// GET /api/wallet/accounts – the customer's internal accounts with balances and funding instructions.
import { route, json } from "@/lib/bff/route";
import { listInternalAccounts } from "@/lib/bff/money";

export const GET = route({ audience: "customer" }, async ({ customer }) =>
  json(200, { data: await listInternalAccounts(customer.customerId) }),
);

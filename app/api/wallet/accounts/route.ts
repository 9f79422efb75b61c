// GET /api/wallet/accounts – the customer's internal accounts with balances and funding instructions.
import { customerRoute, json } from "@/lib/bff/route";
import { listInternalAccounts } from "@/lib/bff/money";

export const GET = customerRoute({}, async ({ customer }) => json(200, { data: await listInternalAccounts(customer.customerId) }));

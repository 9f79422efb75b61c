// GET /api/wallet/transactions/{id} – one of the customer's transactions.
import { customerRoute, json } from "@/lib/bff/route";
import { ownedTransaction } from "@/lib/bff/money";

export const GET = customerRoute({}, async ({ customer, params }) => json(200, await ownedTransaction(customer.customerId, String(params.id))));

// GET /api/wallet/transactions/{id} – one of the customer's transactions.
import { route, json } from "@/lib/bff/route";
import { ownedTransaction } from "@/lib/bff/money";

export const GET = route({ audience: "customer" }, async ({ customer, params }) =>
  json(200, await ownedTransaction(customer.customerId, String(params.id))),
);

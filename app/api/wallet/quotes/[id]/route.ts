// GET /api/wallet/quotes/{id} – one of the customer's quotes.
import { route, json } from "@/lib/bff/route";
import { ownedQuote } from "@/lib/bff/money";

export const GET = route({ audience: "customer" }, async ({ customer, params }) =>
  json(200, await ownedQuote(customer.customerId, String(params.id))),
);

// GET /api/wallet/transactions?cursor – the customer's transactions, newest first.
import { customerRoute, json } from "@/lib/bff/route";
import { listTransactions } from "@/lib/bff/money";

export const GET = customerRoute({}, async ({ customer, request }) => {
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return json(200, await listTransactions(customer.customerId, { cursor: cursor && cursor.length <= 200 ? cursor : undefined }));
});

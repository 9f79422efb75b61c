// GET /api/wallet/transactions?cursor&limit – the customer's transactions, newest first.
import { route, json } from "@/lib/bff/route";
import { listTransactions } from "@/lib/bff/money";

export const GET = route({ audience: "customer" }, async ({ customer, request }) => {
  const params = new URL(request.url).searchParams;
  const cursor = params.get("cursor") ?? undefined;
  const limit = Number(params.get("limit") ?? 25);
  return json(
    200,
    await listTransactions(customer.customerId, {
      cursor: cursor && cursor.length <= 200 ? cursor : undefined,
      limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 25,
    }),
  );
});

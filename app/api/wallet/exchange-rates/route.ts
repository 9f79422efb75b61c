// GET /api/wallet/exchange-rates?sourceCurrency&destinationCurrency&sendingAmount – the indicative rate and fees for
// the send form.
import { z } from "zod";
import { api, BffError } from "@/lib/bff/client";
import { route, json } from "@/lib/bff/route";

const Query = z.object({
  sourceCurrency: z.string().regex(/^[A-Z]{3,5}$/),
  destinationCurrency: z.string().regex(/^[A-Z]{3,5}$/),
  sendingAmount: z.coerce.number().int().positive().max(100_000_000_000).optional(),
});

export const GET = route({ audience: "customer" }, async ({ request }) => {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    throw new BffError(400, "INVALID_INPUT", "Choose the currencies to send and receive, and a whole amount.");
  const params = new URLSearchParams({
    sourceCurrency: parsed.data.sourceCurrency,
    destinationCurrency: parsed.data.destinationCurrency,
  });
  if (parsed.data.sendingAmount) params.set("sendingAmount", String(parsed.data.sendingAmount));
  return json(200, (await api.get(`/exchange-rates?${params}`)).body);
});

// POST /api/admin/sandbox/uma-receive – an operator simulates an incoming UMA
// payment to a customer (by UMA address or customer id).
import { z } from "zod";
import { api } from "@/lib/bff/client";
import { json, route } from "@/lib/bff/route";
import { withAdvice } from "@/lib/bff/admin/api-errors";

const Body = z
  .object({
    senderUmaAddress: z.string().trim().min(1).max(255),
    receiverUmaAddress: z.string().trim().min(1).max(255).optional(),
    customerId: z.string().trim().min(1).max(100).optional(),
    receivingCurrencyCode: z.string().trim().min(3).max(8),
    receivingCurrencyAmount: z.number().int().positive().max(100_000_000_000),
  })
  .refine((b) => b.receiverUmaAddress !== undefined || b.customerId !== undefined, {
    message: "Give the receiver's UMA address or customer id",
    path: ["receiverUmaAddress"],
  });

const NO_ACCOUNT = {
  INVALID_CURRENCY:
    "The receiver has no account in that currency. Pick a currency the customer holds (see the customer's accounts).",
};

export const POST = route({ audience: "staff", operator: true, body: Body }, async ({ body }) =>
  json(200, (await withAdvice(() => api.post("/sandbox/uma/receive", body), NO_ACCOUNT)).body),
);

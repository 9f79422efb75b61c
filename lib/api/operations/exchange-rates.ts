// Exchange Rates: the operations of the reference's "Exchange Rates" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { db } from "../../db/client";
import { CurrencyResponse, KnownCurrency } from "../../domain/common/schemas";
import { PaymentRail } from "../../kernel/reference-schemas.generated";
import { listExchangeRates } from "../../domain/fx/exchange-rates";
import { getPlatformSettings } from "../../domain/platform/config";

/** The reference's ExchangeRate, exactly as listExchangeRates writes it (fiat destinations: a PaymentRail each). */
const ExchangeRateResponse = z.strictObject({
  sourceCurrency: CurrencyResponse,
  destinationCurrency: CurrencyResponse,
  destinationPaymentRail: PaymentRail,
  sendingAmount: z.number().int(),
  minSendingAmount: z.number().int(),
  maxSendingAmount: z.number().int(),
  receivingAmount: z.number().int(),
  exchangeRate: z.number(),
  fees: z.strictObject({ fixed: z.number().int(), total: z.number().int() }),
  updatedAt: z.string(),
});

// GET /exchange-rates – indicative rates with the platform's fees (cached ~5 minutes)
export const getExchangeRatesOperation = defineOperation({
  operationId: "getExchangeRates",
  method: "GET",
  path: "/exchange-rates",
  summary: "Get exchange rates",
  tag: "Exchange Rates",
  auth: "platform",
  permission: "VIEW",
  query: z.object({
    sourceCurrency: KnownCurrency.optional(),
    destinationCurrency: z.union([KnownCurrency, z.array(KnownCurrency).max(50)]).optional(),
    sendingAmount: z.coerce.number().int().min(1).max(100_000_000_000).optional(),
  }),
  responses: {
    200: {
      description: "Rates per destination currency",
      schema: z.strictObject({ data: z.array(ExchangeRateResponse) }),
    },
    ...ErrorResponses,
  },
  handle: async ({ ctx, query }) => {
    const settings = await getPlatformSettings(db(), ctx.platformId);
    const dest =
      query.destinationCurrency === undefined
        ? undefined
        : Array.isArray(query.destinationCurrency)
          ? query.destinationCurrency
          : [query.destinationCurrency];
    const { data, maxAge } = listExchangeRates(settings, {
      sourceCurrency: query.sourceCurrency,
      destinationCurrency: dest,
      sendingAmount: query.sendingAmount,
    });
    return { status: 200, body: { data }, headers: { "cache-control": `private, max-age=${maxAge}` } };
  },
});

export const exchangeRatesOperations = [getExchangeRatesOperation];

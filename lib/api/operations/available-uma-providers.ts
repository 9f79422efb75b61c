// Available UMA Providers: the operation of the reference's "Available UMA
// Providers" group, as the API declares it; the directory is the sandbox's
// (lib/sandbox/directory.ts).
import { z } from "zod";
import { defineOperation } from "../operation";
import { errorResponsesExcept } from "../responses";
import { CountryCode, KnownCurrency } from "../../domain/common/schemas";
import { listUmaProviders } from "../../domain/discoveries/directory";
import { ClampedPaginationQuery, pageSchema } from "../../kernel/pagination";

const UmaProvider = z.object({
  name: z.string(),
  supportedRegions: z.array(z.string()),
  domain: z.string(),
  logoUrl: z.string().optional(),
  supportedCurrencies: z.array(
    z.object({ code: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  ),
  lei: z.string().optional(),
  allowListStatus: z.boolean(),
});

// GET /uma-providers – UMA providers a platform's customers can pay
export const getAvailableUmaProvidersOperation = defineOperation({
  operationId: "getAvailableUmaProviders",
  method: "GET",
  path: "/uma-providers",
  summary: "List available UMA providers",
  tag: "Available UMA Providers",
  auth: "platform",
  permission: "VIEW",
  query: ClampedPaginationQuery.extend({
    countryCode: CountryCode.optional(),
    currencyCode: KnownCurrency.optional(),
    hasBlockedProviders: z
      .enum(["true", "false"])
      .transform((v) => v === "true")
      .optional(),
    // an order, not a filter: one it does not know is the default
    sortOrder: z.enum(["asc", "desc"]).default("desc").catch("desc"),
  }),
  responses: {
    200: { description: "A page of UMA providers, by name", schema: pageSchema(UmaProvider) },
    // the reference documents no 400: a filter no provider can match answers the empty page (lib/api/statuses.ts)
    ...errorResponsesExcept(400),
  },
  handle: async ({ query }) => ({ status: 200, body: listUmaProviders(query) }),
});

export const availableUmaProvidersOperations = [getAvailableUmaProvidersOperation];

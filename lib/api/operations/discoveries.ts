// Discoveries: the operations of the reference's "Discoveries" group, as the API
// declares them (method, path, auth, schemas); the work is done in lib/domain.
import { z } from "zod";
import { defineOperation } from "../operation";
import { ErrorResponses } from "../responses";
import { CountryCode, KnownCurrency } from "../../domain/common/schemas";
import { INSTITUTIONS } from "../../domain/discoveries/institutions";

// GET /discoveries – receiving institutions and rails per country and currency
export const getDiscoveriesOperation = defineOperation({
  operationId: "getDiscoveries",
  method: "GET",
  path: "/discoveries",
  summary: "List available receiving institution names",
  tag: "Discoveries",
  auth: "platform",
  permission: "VIEW",
  query: z.object({ country: CountryCode.optional(), currency: KnownCurrency.optional() }),
  responses: {
    200: {
      description: "Institutions",
      schema: z.strictObject({
        data: z.array(
          z.strictObject({ bankName: z.string(), displayName: z.string(), country: z.string(), currency: z.string() }),
        ),
      }),
    },
    ...ErrorResponses,
  },
  handle: async ({ query }) => ({
    status: 200,
    body: {
      data: INSTITUTIONS.filter(
        (i) => (!query.country || i.country === query.country) && (!query.currency || i.currency === query.currency),
      ),
    },
  }),
});

export const discoveriesOperations = [getDiscoveriesOperation];

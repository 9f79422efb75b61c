// Receiver lookups as lookupUma / lookupExternalAccount write them (the reference's
// ReceiverUmaLookupResponse and ReceiverExternalAccountLookupResponse).
import { z } from "zod";
import { CurrencyResponse } from "../common/schemas";
import { CustomerInfoFieldName } from "../../kernel/reference-schemas.generated";

const ReceiverLookup = {
  supportedCurrencies: z.array(
    z.strictObject({
      currency: CurrencyResponse,
      estimatedExchangeRate: z.number(),
      min: z.number().int(),
      max: z.number().int(),
    }),
  ),
  requiredPayerDataFields: z.array(z.strictObject({ name: CustomerInfoFieldName, mandatory: z.boolean() })),
  lookupId: z.string(),
};

export const ReceiverUmaLookupResponse = z.strictObject({ ...ReceiverLookup, receiverUmaAddress: z.string() });
export const ReceiverExternalAccountLookupResponse = z.strictObject({ ...ReceiverLookup, accountId: z.string() });

// The API's internal account, exactly as serializeInternalAccount writes it (the
// reference's InternalAccount); the front end takes its type from here.
import { z } from "zod";
import { CurrencyAmountResponse } from "../common/schemas";

export const InternalAccountResponse = z.object({
  id: z.string(),
  customerId: z.string().optional(),
  type: z.string(),
  status: z.string(),
  balance: CurrencyAmountResponse,
  totalBalance: CurrencyAmountResponse,
  fundingPaymentInstructions: z.array(
    z.object({ instructionsNotes: z.string(), accountOrWalletInfo: z.record(z.string(), z.unknown()) }),
  ),
  /** Embedded wallets only. */
  privateEnabled: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

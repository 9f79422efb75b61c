// The API's internal account, exactly as serializeInternalAccount writes it (the
// reference's InternalAccount); the front end takes its type from here.
import { z } from "zod";
import { CurrencyAmountResponse } from "../common/schemas";
import { PaymentInstructions } from "../../kernel/reference-schemas.generated";

export const InternalAccountResponse = z.strictObject({
  id: z.string(),
  customerId: z.string().optional(),
  type: z.enum(["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"]),
  status: z.enum(["PENDING", "ACTIVE", "CLOSED", "FROZEN", "FAILED"]),
  balance: CurrencyAmountResponse,
  totalBalance: CurrencyAmountResponse,
  /** The reference's PaymentInstructions: accountOrWalletInfo is one per-currency variant (by accountType). */
  fundingPaymentInstructions: z.array(PaymentInstructions),
  /** Embedded wallets only. */
  privateEnabled: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

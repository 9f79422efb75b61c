// The API's response types the front end renders, inferred from the
// operations' own zod schemas. Type-only imports: nothing of the server reaches
// the browser bundle, and a field the API changes shows up here at compile time.
import type { z } from "zod";
import type { InternalAccountResponse } from "../domain/accounts/schemas";
import type { CardTransactionResponse } from "../domain/cards/schemas";
import type { CurrencyAmountResponse } from "../domain/common/schemas";
import type { ExternalAccountResponse } from "../domain/external-accounts/schemas";
import type { TransactionResponse } from "../domain/transactions/schemas";

export type CurrencyAmount = z.infer<typeof CurrencyAmountResponse>;
export type InternalAccount = z.infer<typeof InternalAccountResponse>;
export type ExternalAccount = z.infer<typeof ExternalAccountResponse>;
/** A money transaction (INCOMING / OUTGOING). */
export type Transaction = z.infer<typeof TransactionResponse>;
export type CardTransaction = z.infer<typeof CardTransactionResponse>;

// Bodies the wallet routes take, cut from the API operations' own schemas, so
// the BFF validates them by the same rules before it calls the API.
export { CustomerExternalAccountCreate } from "../domain/external-accounts/schemas";
export { QuoteCreate, QuoteDestination } from "../domain/quotes/schemas";
export { WalletExportBody } from "../domain/wallet-auth/schemas";

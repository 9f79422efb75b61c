// The two headers of the signed retry (spec: embedded wallet), one pair for
// the API, the BFF and the browser, spelled as the API's wire names. They are
// not x-request-id: that one is the tracing id every response carries.
export const WALLET_SIGNATURE_HEADER = "Service-Wallet-Signature";
export const SIGNED_REQUEST_ID_HEADER = "Request-Id";

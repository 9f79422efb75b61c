// HTTP's side of the spec's errors: the one code-to-status table, and the
// answer a DomainError becomes (status, headers, the body {code, reason,
// message, details}). The domain and everything below it throw DomainError
// (lib/kernel/errors.ts) and never see a status or a header; the API
// (lib/api/handler.ts, node.ts) and the BFF (lib/bff/route.ts) answer through
// here, so a code maps to the same status everywhere.
import { DomainError, type AuthChallenge, type ErrorBody, type ErrorCode, type ErrorHints } from "../kernel/errors";

export const ERROR_STATUS = {
  // 400
  INVALID_INPUT: 400,
  INVALID_REQUEST_FORMAT: 400,
  END_USER_TERMS_VERSION_NOT_FOUND: 400,
  MISSING_MANDATORY_USER_INFO: 400,
  INVITATION_ALREADY_CLAIMED: 400,
  INVITATIONS_NOT_CONFIGURED: 400,
  INVALID_UMA_ADDRESS: 400,
  INVITATION_CANCELLED: 400,
  QUOTE_REQUEST_FAILED: 400,
  INVALID_PAYREQ_RESPONSE: 400,
  INVALID_RECEIVER: 400,
  PARSE_PAYREQ_RESPONSE_ERROR: 400,
  CERT_CHAIN_INVALID: 400,
  CERT_CHAIN_EXPIRED: 400,
  INVALID_PUBKEY_FORMAT: 400,
  MISSING_REQUIRED_UMA_PARAMETERS: 400,
  SENDER_NOT_ACCEPTED: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  INVALID_CURRENCY: 400,
  INVALID_TIMESTAMP: 400,
  INVALID_NONCE: 400,
  INVALID_BANK_ACCOUNT: 400,
  SELF_PAYMENT: 400,
  LOOKUP_REQUEST_FAILED: 400,
  PARSE_LNURLP_RESPONSE_ERROR: 400,
  INVALID_AMOUNT: 400,
  WEBHOOK_ENDPOINT_NOT_SET: 400,
  WEBHOOK_DELIVERY_ERROR: 400,
  UNSUPPORTED_API_VERSION: 400,
  // document problems
  LOW_QUALITY: 400,
  DATA_MISMATCH: 400,
  EXPIRED: 400,
  SUSPECTED_FRAUD: 400,
  UNSUITABLE_DOCUMENT: 400,
  INCOMPLETE: 400,
  // credentials
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 400,
  // cards and transfers
  CARDHOLDER_KYC_NOT_APPROVED: 400,
  TRANSACTION_SIZE_LIMIT_EXCEEDED: 400,
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: 400,
  INSUFFICIENT_FUNDS: 400,
  QUOTE_EXPIRED: 400,
  QUOTE_RATE_UNAVAILABLE: 400,
  // stablecoins
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: 400,
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: 400,
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: 400,
  STABLECOIN_AMOUNT_NOT_REPRESENTABLE: 400,
  STABLECOIN_BURN_SOURCE_NOT_SUPPORTED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED: 400,
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED: 400,
  STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED: 400,
  STABLECOIN_NOT_PROVISIONED: 400,
  STABLECOIN_OPERATION_NOT_SUPPORTED: 400,
  STABLECOIN_PROVIDER_ERROR: 400,
  STABLECOIN_PROVIDER_SOURCE_NOT_LINKED: 400,
  STABLECOIN_VERIFICATION_FAILED: 400,
  // 401
  UNAUTHORIZED: 401,
  INVALID_SIGNATURE: 401,
  WALLET_SIGNATURE_MISSING: 401,
  WALLET_SIGNATURE_MALFORMED: 401,
  WALLET_SIGNATURE_BODY_MISMATCH: 401,
  WALLET_SIGNATURE_INVALID: 401,
  REQUEST_ID_MISSING: 401,
  // 403
  FORBIDDEN: 403,
  USER_NOT_READY: 403,
  COUNTERPARTY_NOT_ALLOWED: 403,
  VELOCITY_LIMIT_EXCEEDED: 403,
  END_USER_TERMS_NOT_ACCEPTED: 403,
  // 404
  // the reference's 404 codes; REFERENCE_NOT_FOUND is any other referenced resource
  REFERENCE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  BULK_UPLOAD_JOB_NOT_FOUND: 404,
  LOOKUP_REQUEST_NOT_FOUND: 404,
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  QUOTE_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  UMA_NOT_FOUND: 404,
  // outside the versioned API only (unknown paths, the operator and staff routes)
  NOT_FOUND: 404,
  // 405, 409, 410, 413, 415, 423, 429
  METHOD_NOT_ALLOWED: 405,
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: 409,
  TRANSACTION_NOT_CANCELLABLE: 409,
  UMA_ADDRESS_EXISTS: 409,
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: 409,
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: 409,
  PASSKEY_ALREADY_ENROLLED: 409,
  SCA_SESSION_REQUIRED: 409,
  BENEFICIARY_TRUSTED: 409,
  BANK_ACCOUNT_VALIDATION_PENDING: 409,
  INVALID_STATE_TRANSITION: 409,
  CARD_ALREADY_CLOSED: 409,
  CARD_NOT_MUTABLE: 409,
  CARD_LIMIT_REACHED: 409,
  STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE: 409,
  CONFLICT: 409,
  DOCUMENT_ALREADY_EXISTS: 409,
  DUPLICATE_EXTERNAL_ACCOUNT: 409,
  DUPLICATE_PAY_REQUEST: 409,
  SMS_OTP_CREDENTIAL_SET_CHANGED: 409,
  SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS: 409,
  STABLECOIN_SYMBOL_ALREADY_EXISTS: 409,
  STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS: 409,
  WALLET_NOT_PROVISIONED: 409,
  CUSTOMER_DELETED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  DAILY_VOLUME_LIMIT_EXCEEDED: 429,
  // 5xx
  INTERNAL_ERROR: 500,
  SERVICE_SWITCH_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/**
 * A refusal made by the HTTP tier itself (a method not allowed, a body too
 * large, an Authorization header refused): a DomainError that may carry
 * headers of its own (Allow, RateLimit-*, WWW-Authenticate with a realm).
 */
export class ApiError extends DomainError {
  readonly status: number;
  constructor(
    code: ErrorCode,
    reason: string,
    details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    hints?: ErrorHints,
  ) {
    super(code, reason, details, hints);
    this.status = ERROR_STATUS[code];
  }
}

export function errorStatus(err: DomainError): number {
  return ERROR_STATUS[err.code];
}

function challengeText(c: AuthChallenge): string {
  const params = Object.entries(c.params ?? {}).map(([k, v]) => `${k}="${v}"`);
  return params.length ? `${c.scheme} ${params.join(", ")}` : c.scheme;
}

/** The HTTP headers a refusal carries: its own (ApiError), then Retry-After and WWW-Authenticate from its hints. */
function errorHeaders(err: DomainError): Record<string, string> {
  const headers: Record<string, string> = { ...(err instanceof ApiError ? err.headers : undefined) };
  if (err.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.retryAfterSeconds);
  if (err.authChallenge !== undefined) headers["WWW-Authenticate"] = challengeText(err.authChallenge);
  return headers;
}

/** A DomainError as HTTP answers it. */
export function httpError(err: DomainError): { status: number; headers: Record<string, string>; body: ErrorBody } {
  return { status: errorStatus(err), headers: errorHeaders(err), body: err.toBody() };
}

/** 409 codes a later retry of the same request can succeed on (the rest answer x-should-retry: false). */
const RETRYABLE_CONFLICT_CODES: readonly ErrorCode[] = ["BANK_ACCOUNT_VALIDATION_PENDING"];

/**
 * Whether a retry of the same request can fix this 409: a code that says so,
 * or an answer that names when to retry (Retry-After, e.g. an Idempotency-Key
 * still in flight). Generated clients retry every 409 unless told otherwise.
 */
export function isRetryableConflict(code: string | undefined, headers: Record<string, string> = {}): boolean {
  if (Object.keys(headers).some((h) => h.toLowerCase() === "retry-after")) return true;
  return RETRYABLE_CONFLICT_CODES.includes(code as ErrorCode);
}

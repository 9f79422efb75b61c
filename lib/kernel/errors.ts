// The spec's error vocabulary, free of HTTP: the codes, the envelope
// ({code, reason, details}) and DomainError, the one error the domain and
// everything below it throws. lib/api/errors.ts owns the code-to-status table
// and turns a DomainError into the HTTP answer (status, Retry-After,
// WWW-Authenticate); the BFF answers through the same table.

export const ERROR_CODES = [
  // invalid requests
  "INVALID_INPUT",
  "INVALID_REQUEST_FORMAT",
  "END_USER_TERMS_VERSION_NOT_FOUND",
  "MISSING_MANDATORY_USER_INFO",
  "INVITATION_ALREADY_CLAIMED",
  "INVITATIONS_NOT_CONFIGURED",
  "INVALID_UMA_ADDRESS",
  "INVITATION_CANCELLED",
  "QUOTE_REQUEST_FAILED",
  "INVALID_PAYREQ_RESPONSE",
  "INVALID_RECEIVER",
  "PARSE_PAYREQ_RESPONSE_ERROR",
  "CERT_CHAIN_INVALID",
  "CERT_CHAIN_EXPIRED",
  "INVALID_PUBKEY_FORMAT",
  "MISSING_REQUIRED_UMA_PARAMETERS",
  "SENDER_NOT_ACCEPTED",
  "AMOUNT_OUT_OF_RANGE",
  "INVALID_CURRENCY",
  "INVALID_TIMESTAMP",
  "INVALID_NONCE",
  "INVALID_BANK_ACCOUNT",
  "SELF_PAYMENT",
  "LOOKUP_REQUEST_FAILED",
  "PARSE_LNURLP_RESPONSE_ERROR",
  "INVALID_AMOUNT",
  "WEBHOOK_ENDPOINT_NOT_SET",
  "WEBHOOK_DELIVERY_ERROR",
  "UNSUPPORTED_API_VERSION",
  // document problems
  "LOW_QUALITY",
  "DATA_MISMATCH",
  "EXPIRED",
  "SUSPECTED_FRAUD",
  "UNSUITABLE_DOCUMENT",
  "INCOMPLETE",
  // credentials
  "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS",
  "SMS_OTP_CREDENTIAL_ALREADY_EXISTS",
  "PASSKEY_CREDENTIAL_ALREADY_EXISTS",
  // cards and transfers
  "CARDHOLDER_KYC_NOT_APPROVED",
  "TRANSACTION_SIZE_LIMIT_EXCEEDED",
  "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED",
  "INSUFFICIENT_FUNDS",
  "QUOTE_EXPIRED",
  "QUOTE_RATE_UNAVAILABLE",
  // stablecoins
  "STABLECOIN_PROVIDER_ACCOUNT_INVALID",
  "STABLECOIN_PROVIDER_ACCOUNT_REVOKED",
  "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED",
  "STABLECOIN_AMOUNT_NOT_REPRESENTABLE",
  "STABLECOIN_BURN_SOURCE_NOT_SUPPORTED",
  "STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED",
  "STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED",
  "STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED",
  "STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED",
  "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED",
  "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED",
  "STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED",
  "STABLECOIN_NOT_PROVISIONED",
  "STABLECOIN_OPERATION_NOT_SUPPORTED",
  "STABLECOIN_PROVIDER_ERROR",
  "STABLECOIN_PROVIDER_SOURCE_NOT_LINKED",
  "STABLECOIN_VERIFICATION_FAILED",
  // authentication
  "UNAUTHORIZED",
  "INVALID_SIGNATURE",
  "WALLET_SIGNATURE_MISSING",
  "WALLET_SIGNATURE_MALFORMED",
  "WALLET_SIGNATURE_BODY_MISMATCH",
  "WALLET_SIGNATURE_INVALID",
  "REQUEST_ID_MISSING",
  // permission
  "FORBIDDEN",
  "USER_NOT_READY",
  "COUNTERPARTY_NOT_ALLOWED",
  "VELOCITY_LIMIT_EXCEEDED",
  "END_USER_TERMS_NOT_ACCEPTED",
  // not found
  // the reference's 404 codes; REFERENCE_NOT_FOUND is any other referenced resource
  "REFERENCE_NOT_FOUND",
  "USER_NOT_FOUND",
  "TOKEN_NOT_FOUND",
  "BULK_UPLOAD_JOB_NOT_FOUND",
  "LOOKUP_REQUEST_NOT_FOUND",
  "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
  "TRANSACTION_NOT_FOUND",
  "QUOTE_NOT_FOUND",
  "INVITATION_NOT_FOUND",
  "UMA_NOT_FOUND",
  // outside the versioned API only (unknown paths, the operator and staff routes)
  "NOT_FOUND",
  // method, conflicts, gone, size, media type, locks, limits
  "METHOD_NOT_ALLOWED",
  "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
  "TRANSACTION_NOT_CANCELLABLE",
  "UMA_ADDRESS_EXISTS",
  "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
  "EMAIL_OTP_CREDENTIAL_SET_CHANGED",
  "PASSKEY_ALREADY_ENROLLED",
  "SCA_SESSION_REQUIRED",
  "BENEFICIARY_TRUSTED",
  "BANK_ACCOUNT_VALIDATION_PENDING",
  "INVALID_STATE_TRANSITION",
  "CARD_ALREADY_CLOSED",
  "CARD_NOT_MUTABLE",
  "CARD_LIMIT_REACHED",
  "STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE",
  "CONFLICT",
  "DOCUMENT_ALREADY_EXISTS",
  "DUPLICATE_EXTERNAL_ACCOUNT",
  "DUPLICATE_PAY_REQUEST",
  "SMS_OTP_CREDENTIAL_SET_CHANGED",
  "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS",
  "STABLECOIN_SYMBOL_ALREADY_EXISTS",
  "STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS",
  "WALLET_NOT_PROVISIONED",
  "CUSTOMER_DELETED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "ACCOUNT_LOCKED",
  "RATE_LIMITED",
  "DAILY_VOLUME_LIMIT_EXCEEDED",
  // the service
  "INTERNAL_ERROR",
  "SERVICE_SWITCH_ERROR",
  "NOT_IMPLEMENTED",
  "SERVICE_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Kinds of constraint a FieldError can name (the spec leaves the values open). */
export const FIELD_CONSTRAINTS = [
  "REQUIRED",
  "TYPE",
  "FORMAT",
  "PATTERN",
  "ENUM",
  "MIN_LENGTH",
  "MAX_LENGTH",
  "MINIMUM",
  "MAXIMUM",
  "UNKNOWN_FIELD",
  "INVALID",
] as const;
export type FieldConstraint = (typeof FIELD_CONSTRAINTS)[number];

export interface FieldError {
  field: string;
  constraint?: FieldConstraint;
  message?: string;
}

/**
 * The spec's body {code, reason, details} plus `message`, the same text as
 * reason: the spec lists no other field but does not close the body, and the
 * reference's error bodies and the clients generated from them (the official
 * SDK, the CLI) read `message`. See docs/official-clients.md.
 */
export interface ErrorBody {
  code: ErrorCode;
  reason: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Codes that report a fault of the service rather than a refusal of the request (HTTP: the 5xx). */
const SERVICE_FAULTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "INTERNAL_ERROR",
  "SERVICE_SWITCH_ERROR",
  "NOT_IMPLEMENTED",
  "SERVICE_UNAVAILABLE",
]);

/** Whether `code` says the service failed, not that the request was refused. */
export function isServiceFault(code: ErrorCode): boolean {
  return SERVICE_FAULTS.has(code);
}

/** The credentials a refused caller must present (HTTP: WWW-Authenticate), e.g. {scheme: "Bearer"}. */
export interface AuthChallenge {
  scheme: string;
  /** Auth-params in order, e.g. {realm: "meridian"}; quoted on the wire. */
  params?: Record<string, string>;
}

/** What a refusal tells the caller besides its body; lib/api writes them as HTTP headers. */
export interface ErrorHints {
  /** Whole seconds after which the same request may succeed (HTTP: Retry-After). */
  retryAfterSeconds?: number;
  /** The credentials to present (HTTP: WWW-Authenticate). */
  authChallenge?: AuthChallenge;
}

/** A refusal in the spec's terms: a code, a reason for developers, details, and hints for a retry. */
export class DomainError extends Error {
  readonly retryAfterSeconds?: number;
  readonly authChallenge?: AuthChallenge;
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
    readonly details?: Record<string, unknown>,
    hints: ErrorHints = {},
  ) {
    super(`${code}: ${reason}`);
    if (hints.retryAfterSeconds !== undefined) this.retryAfterSeconds = hints.retryAfterSeconds;
    if (hints.authChallenge !== undefined) this.authChallenge = hints.authChallenge;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, reason: this.reason, message: this.reason }
      : { code: this.code, reason: this.reason, message: this.reason, details: this.details };
  }
}

export function invalidInput(errors: FieldError[], reason = "Request validation failed"): DomainError {
  return new DomainError("INVALID_INPUT", reason, { errors });
}

export function invalidField(field: string, message: string, constraint: FieldConstraint = "INVALID"): DomainError {
  return invalidInput([{ field, constraint, message }], message);
}

export function notFound(what: string, code: ErrorCode = "REFERENCE_NOT_FOUND"): DomainError {
  return new DomainError(code, `${what} not found`);
}

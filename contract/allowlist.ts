// The ONE place a difference between Meridian and the reference OpenAPI
// (contract/reference-openapi.yaml) may live: each entry is a difference the
// product spec mandates or leaves to Meridian, named by its [Δ] row in the
// reference's SPEC-MAP.md (/work/shared/reference/SPEC-MAP.md in the project's
// shared material) or by the exact spec sentence it comes from, and limited to
// the exact status and error codes that sentence gives. The
// contract test (tests/support/contract) fails on any other difference, in every
// response and webhook the integration suite sees and in the served OpenAPI
// document. Patterns: `*` matches within one JSON-pointer segment, `**` across
// segments; `operation` is a reference operationId or `webhook <TYPE>`.

export interface ContractDifference {
  /** The SPEC-MAP.md [Δ] row, or the exact spec sentence, this difference comes from. */
  delta: string;
  why: string;
  operation: string;
  /** Response status (or `-` for webhooks); any when absent. */
  status?: string;
  pointer: string;
  keyword?: string;
  /** Only these offending values (JSON-encoded), for enum/const/type differences. */
  values?: string[];
  /** Only on the spec's still-processing 200 of a signed retry. */
  stillProcessing?: true;
}

const ERROR_BODY = "SPEC-MAP §3 Common conventions, Error body [Δ]";
const EXTRA_CODES = "SPEC-MAP §2.20 [Δ] Spec codes missing from the snapshot's enums";
const CARDS = "SPEC-MAP §2.12 Cards [Δ the spec uses customerId/status/fundingSource]";
const json = (values: string[]) => values.map((v) => JSON.stringify(v));

/**
 * Operations that take an Idempotency-Key although the reference documents no 409 for them: a key already used
 * (another request, or the first still running) is the spec's 409 DUPLICATE_PAY_REQUEST there too.
 */
const IDEMPOTENT_WITHOUT_409 = [
  "createTransferIn",
  "createTransferOut",
  "createQuote",
  "createCard",
  "sandboxSend",
  "sandboxReceive",
  "sandboxFundInternalAccount",
  "agentCreateQuote",
  "agentCreateTransferIn",
  "agentCreateTransferOut",
  "sandboxSimulateCard*",
];

const STATE_CONFLICT =
  'spec Errors, 409 codes: "CONFLICT | Generic state conflict" (the spec\'s 400 codes name no state rule; SPEC-MAP ' +
  "§2.8: the reference answers the same refusal of a quote already executed with 409 on POST /quotes/{id}/execute)";

/**
 * Statuses the transport answers on any operation, whatever the reference lists for it: the spec leaves them open
 * ("Error status codes other than 400, 401, 409 and 500 and their codes: not shown"; "Rate limits: not shown"),
 * and the reference gives them, with these codes, in its error schemas (SPEC-MAP §2.20: 403 FORBIDDEN, 429
 * RATE_LIMITED with Retry-After, 503 SERVICE_UNAVAILABLE; §3: a token without the permission an operation needs is
 * 403). Only these codes: any other 403/429/503 on an operation that does not document it still fails.
 */
const TRANSPORT_STATUSES: { status: string; code: string; why: string }[] = [
  {
    status: "403",
    code: "FORBIDDEN",
    why:
      "the token lacks the permission (VIEW/TRANSACT/MANAGE) the operation needs, or the agent is paused or its " +
      "policy forbids it (SPEC-MAP §3: 'Token permissions are VIEW, TRANSACT and MANAGE ... otherwise 403')",
  },
  {
    status: "429",
    code: "RATE_LIMITED",
    why: "the platform's request throttle (lib/api/rate-limit.ts), with Retry-After (RFC 9110 §10.2.3)",
  },
  {
    status: "503",
    code: "SERVICE_UNAVAILABLE",
    why:
      "the database is unreachable (docs/reliability.md): nothing was done, retry after Retry-After " +
      "(RFC 9110 §15.6.4)",
  },
];

export const ALLOWLIST: ContractDifference[] = [
  ...TRANSPORT_STATUSES.map(({ status, code, why }) => ({
    delta:
      'spec Errors, Other rules: "Error status codes other than 400, 401, 409 and 500 and their codes: not shown"; ' +
      'spec Limits: "Rate limits: not shown"; SPEC-MAP §2.20 Status codes beyond 400/401/409/500',
    why,
    operation: "*",
    status,
    pointer: "",
    keyword: "status",
    values: json([code]),
  })),
  // A refusal of a state rule on sandbox operations the reference documents with 400 and no 409.
  ...[
    "sandboxSend",
    "sandboxSimulateCardClearing",
    "sandboxSimulateCardReturn",
    "sandboxSimulateCardAuthorizationAdvice",
    "sandboxSimulateCardReturnReversal",
  ].map((operation) => ({
    delta: STATE_CONFLICT,
    why:
      operation === "sandboxSend"
        ? "the quote is already paid, expired into another state or awaits SCA authorization: the same 409 " +
          "CONFLICT as POST /quotes/{id}/execute (lib/domain/quotes/execute.ts)"
        : "the named card transaction is in a state the simulation cannot apply to (clearing a SETTLED one, a " +
          "return of one not SETTLED, a reversal of a return not REFUNDED, an advice of a pull still pending)",
    operation,
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["CONFLICT"]),
  })),
  {
    delta:
      'spec Errors: "For field-validation errors on submit endpoints, details.errors is an array of FieldError ' +
      '(field, constraint, message), one per invalid field" (the reference lists 202/401/500 only)',
    why:
      "an upload that is no usable CSV (no file part, not multipart, over 10 MB or 10,000 rows, no rows, no " +
      "customerType column) is refused at once with 400 and the field, before any job exists",
    operation: "uploadCustomersCsv",
    status: "400",
    pointer: "",
    keyword: "status",
    values: json(["INVALID_INPUT", "INVALID_REQUEST_FORMAT"]),
  },
  // Status codes the spec mandates where the reference documents none. A row limited to `values` (error codes)
  // admits the status in live answers only with those codes; the served document names no codes, so there the
  // row admits the status itself (tests/support/contract/exceptions.ts).
  ...IDEMPOTENT_WITHOUT_409.map((operation) => ({
    delta: `${EXTRA_CODES} (409 DUPLICATE_PAY_REQUEST); SPEC-MAP §2.19 Idempotency`,
    why:
      "the spec's 409 table: DUPLICATE_PAY_REQUEST, a request with this idempotency key exists (reused with " +
      "another request, or still running); the reference lists Idempotency-Key on these operations but no 409",
    operation,
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["DUPLICATE_PAY_REQUEST"]),
  })),
  ...[
    "createQuote",
    "createTransferIn",
    "createTransferOut",
    "agentCreateQuote",
    "agentCreateTransferIn",
    "agentCreateTransferOut",
  ].map((operation) => ({
    delta: `${EXTRA_CODES} (409 BANK_ACCOUNT_VALIDATION_PENDING)`,
    why:
      "the spec's 409 table: BANK_ACCOUNT_VALIDATION_PENDING, a US bank account still in validation (retry " +
      "later), answered where money would move to or from it",
    operation,
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["BANK_ACCOUNT_VALIDATION_PENDING"]),
  })),
  {
    delta: `${EXTRA_CODES} (409 CARD_LIMIT_REACHED); SPEC-MAP caveat [Δ]: the spec has card limits`,
    why: "spec Endpoints, Cards: POST /cards answers 409 CARD_LIMIT_REACHED when a limit is reached",
    operation: "createCard",
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["CARD_LIMIT_REACHED"]),
  },
  ...["uploadDocument", "replaceDocument"].map((operation) => ({
    delta: "SPEC-MAP §2.4 Documents [Δ] The snapshot has no DOCUMENT_ALREADY_EXISTS",
    why:
      "spec Endpoints, Customers/verification/documents: a document of a type that already exists for the " +
      "holder returns 409 DOCUMENT_ALREADY_EXISTS (on upload, and on a replacement that changes to that type)",
    operation,
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["DOCUMENT_ALREADY_EXISTS"]),
  })),
  {
    delta: `${EXTRA_CODES} (409 SMS_OTP_*)`,
    why:
      "the spec's 409 table: EMAIL_OTP_EMAIL_ALREADY_EXISTS / SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS, the email or " +
      "phone already tied to another OTP credential (registering one is where it happens)",
    operation: "createAuthCredential",
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["EMAIL_OTP_EMAIL_ALREADY_EXISTS", "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS"]),
  },
  {
    delta: `${CARDS}; ${EXTRA_CODES}`,
    why: "the spec's 409 table: CARD_NOT_MUTABLE, the card is CLOSED (no credentials are revealed for it)",
    operation: "revealCard",
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["CARD_NOT_MUTABLE"]),
  },
  {
    delta: "SPEC-MAP §2.8 Quotes: execute from an EMBEDDED_WALLET source has no 202 leg in the snapshot",
    why:
      "spec Authentication 5 and signed-retry rule 1: POST /quotes/{quoteId}/execute from an embedded wallet " +
      "requires the signed retry, whose first call answers 202 {payloadToSign, requestId, expiresAt}",
    operation: "executeQuote",
    status: "202",
    pointer: "",
    keyword: "status",
  },
  ...["exportInternalAccount", "updateInternalAccount", "createAuthCredential"].map((operation) => ({
    delta: `${EXTRA_CODES} (409 WALLET_NOT_PROVISIONED)`,
    why: "the spec's 409 table: WALLET_NOT_PROVISIONED, the embedded wallet is not provisioned",
    operation,
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["WALLET_NOT_PROVISIONED"]),
  })),
  {
    delta:
      "spec Errors, 409 codes: BENEFICIARY_TRUSTED (SPEC-MAP §1 untrust rows; the reference documents it " +
      "on deleteCustomerExternalAccountById)",
    why:
      "the spec's 409 table: BENEFICIARY_TRUSTED, a trusted beneficiary cannot be deleted (the agent deletes " +
      "its customer's external accounts; the reference lists this 409 on the platform's delete of them only)",
    operation: "agentDeleteExternalAccount",
    status: "409",
    pointer: "",
    keyword: "status",
    values: json(["BENEFICIARY_TRUSTED"]),
  },
  ...["4*", "5*"].flatMap((status) => [
    {
      delta: ERROR_BODY,
      why: "the spec's error body is {code, reason, details}: no status member",
      operation: "*",
      status,
      pointer: "/status",
      keyword: "required",
    },
    {
      delta: ERROR_BODY,
      why: "the spec names the error text reason, not message",
      operation: "*",
      status,
      pointer: "/message",
      keyword: "required",
    },
    {
      delta: ERROR_BODY,
      why: "the spec's FieldError.constraint is an enum string, the reference's an object",
      operation: "*",
      status,
      pointer: "/details/errors/*/constraint",
      keyword: "type",
    },
  ]),
  {
    delta: EXTRA_CODES,
    why: "400 codes of the spec's error table the reference's Error400 enum lacks",
    operation: "*",
    status: "400",
    pointer: "/code",
    keyword: "enum",
    values: json([
      "INSUFFICIENT_FUNDS",
      "QUOTE_EXPIRED",
      "QUOTE_RATE_UNAVAILABLE",
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
    ]),
  },
  {
    delta: EXTRA_CODES,
    why: "409 codes of the spec's error table the reference's Error409 enum lacks",
    operation: "*",
    status: "409",
    pointer: "/code",
    keyword: "enum",
    values: json([
      "BANK_ACCOUNT_VALIDATION_PENDING",
      "CARD_LIMIT_REACHED",
      "STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE",
      "DOCUMENT_ALREADY_EXISTS",
      "DUPLICATE_EXTERNAL_ACCOUNT",
      "DUPLICATE_PAY_REQUEST",
      "SMS_OTP_CREDENTIAL_SET_CHANGED",
      "SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS",
      "STABLECOIN_SYMBOL_ALREADY_EXISTS",
      "STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS",
      "WALLET_NOT_PROVISIONED",
    ]),
  },
  {
    delta: "SPEC-MAP caveat [Δ]: the spec has ILS/TRY/ARBITRUM external-account variants the snapshot lacks",
    why: "accounts of the spec-only variants",
    operation: "*",
    pointer: "**/accountInfo/accountType",
    keyword: "enum",
    values: json(["ILS_ACCOUNT", "TRY_ACCOUNT", "ARBITRUM_WALLET"]),
  },
  {
    delta:
      'Spec, accountInfo (external account): "For every fiat create variant except the ones listed as wallets or ' +
      'SWIFT, a beneficiary object is required" (SPEC-MAP §2.6 External accounts says every fiat variant requires ' +
      "one, without marking the spec's SWIFT exception [Δ])",
    why:
      "a SWIFT account created without a beneficiary, as the spec allows, is answered without one (every other fiat " +
      "variant is refused without one: lib/domain/external-accounts/account-types.ts)",
    operation: "*ExternalAccount*",
    pointer: "**/accountInfo/beneficiary",
    keyword: "required",
  },
  {
    delta:
      "SPEC-MAP §2.15 Agents: Approval = POST /agents/{agentId}/actions/{actionId}/approve|reject. " +
      "[Δ] The spec says /transactions/{id}/approve",
    why:
      "an agent's transaction pending approval is outgoing: approved at /transactions/{id}/approve (spec: Agents), " +
      "it answers an OutgoingTransaction where the reference documents incoming payments only",
    operation: "approvePendingPayment",
    status: "200",
    pointer: "/type",
    keyword: "enum",
    values: json(["OUTGOING"]),
  },
  {
    delta:
      "SPEC-MAP §2.15 Agents: Approval = POST /agents/{agentId}/actions/{actionId}/approve|reject. " +
      "[Δ] The spec says /transactions/{id}/approve",
    why:
      "the OutgoingTransaction approve answers for an agent's action carries the outgoing failure reasons of the " +
      "spec's transaction table in its schema, where the reference's IncomingTransaction has the incoming ones only",
    operation: "approvePendingPayment",
    status: "200",
    pointer: "/failureReason",
    keyword: "enum",
  },
  ...["cardholderId", "state", "fundingSources"].map((name) => ({
    delta: CARDS,
    why: `the spec's Card names ${name} customerId/status/fundingSource`,
    operation: "*",
    pointer: `**/${name}`,
    keyword: "required",
  })),
  {
    delta: CARDS,
    why: "the spec keeps settledAmount an integer (clearings rolled up), the reference a CurrencyAmount",
    operation: "*",
    pointer: "**/settledAmount",
    keyword: "type",
  },
  {
    delta: CARDS,
    why: "the same integer settledAmount in the served OpenAPI document: no CurrencyAmount members to require",
    operation: "*",
    pointer: "**/settledAmount/*",
    keyword: "required",
  },
  {
    delta:
      "SPEC-MAP §2.12 Cards: Simulations return 202 {issuerTransactionToken}. " +
      "[Δ] (the spec returns the CardTransaction)",
    why: "an approved simulated authorization, clearing or return answers 200 with the CardTransaction",
    operation: "sandboxSimulateCard*",
    status: "200",
    pointer: "",
    keyword: "status",
  },
  ...["sandboxSimulateCardClearing", "sandboxSimulateCardReturn"].map((operation) => ({
    delta:
      "SPEC-MAP §2.12 Cards: Simulations return 202 {issuerTransactionToken}. " +
      "[Δ] (the spec returns the CardTransaction)",
    why:
      "so the served OpenAPI document has the spec's 200 where the reference " +
      "has 202 (clearing and return always answer with the row)",
    operation,
    status: "202",
    pointer: "",
    keyword: "status",
  })),
  {
    delta: "SPEC-MAP §2.10 Webhooks: CARD.STATE_CHANGE [Δ spec: CARD.STATUS_CHANGE]",
    why: "the spec names the card webhook CARD.STATUS_CHANGE",
    operation: "webhook CARD.STATUS_CHANGE",
    status: "-",
    pointer: "/type",
    keyword: "enum",
  },

  ...(["", "/*"] as const).map((pointer) => ({
    delta:
      "SPEC-MAP §3 Signed-retry challenge: the spec's still-processing 200 on " +
      "the retry does not appear in the snapshot",
    why:
      "a repeat of a signed retry still running answers 200 {requestId, " +
      "stillProcessing: true} (spec: Authentication, signed retry step 3)",
    operation: "*",
    status: "200",
    pointer,
    stillProcessing: true as const,
  })),
];

/**
 * Request examples of the reference that Meridian refuses for a reason the product spec gives (so they are not
 * entries of the contract/known-example-refusals.ts ratchet): each with the status and code it must be refused
 * with and the SPEC-MAP [Δ] row. tests/integration/api/contract-examples.test.ts checks each is still refused so.
 */
export interface SpecGivenRefusal {
  /** `<operationId> <example name>` */
  example: string;
  status: number;
  code: string;
  delta: string;
  why: string;
}

export const SPEC_GIVEN_REFUSALS: SpecGivenRefusal[] = [
  {
    example: "updateCardById updateFundingSources",
    status: 400,
    code: "INVALID_INPUT",
    delta: CARDS,
    why:
      "two funding sources: the spec's Card binds one (fundingSource, 'InternalAccount:<uuid> bound as the funding " +
      "source'). The spec's error table has no code for it (its 400 list is the only allowed set, and 'which 400 " +
      "code each endpoint returns' is not shown), so it is the general INVALID_INPUT naming fundingSources; the " +
      "reference's FUNDING_SOURCE_INELIGIBLE is not a spec code and means a source of another holder or currency",
  },
];

// The one table of words people read for the codes Meridian's pages meet:
// statuses, types and error codes (admin console, customer wallet and hosted
// pages alike). A code missing here is shown as a capitalised phrase, never raw.
import type { ErrorCode, FieldError } from "./errors";

export type Tone = "ok" | "warn" | "danger" | "info" | "neutral";

interface Word {
  text: string;
  tone: Tone;
}

const w = (text: string, tone: Tone = "neutral"): Word => ({ text, tone });

/** Statuses of transactions, customers (KYC/KYB), accounts, cards, external accounts, webhooks, quotes, approvals. */
const STATUS: Record<string, Word> = {
  CREATED: w("Created", "info"),
  PENDING: w("Pending", "warn"),
  PENDING_AUTHORIZATION: w("Waiting for authorization", "warn"),
  PENDING_APPROVAL: w("Waiting for approval", "warn"),
  PENDING_PLATFORM_APPROVAL: w("Waiting for approval", "warn"),
  PROCESSING: w("Processing", "info"),
  COMPLETED: w("Completed", "ok"),
  SUCCEEDED: w("Succeeded", "ok"),
  DELIVERED: w("Delivered", "ok"),
  REJECTED: w("Rejected", "danger"),
  FAILED: w("Failed", "danger"),
  REFUNDED: w("Refunded", "neutral"),
  EXPIRED: w("Expired", "neutral"),
  CANCELLED: w("Cancelled", "neutral"),
  CANCELED: w("Cancelled", "neutral"),
  UNVERIFIED: w("Not verified", "warn"),
  VERIFIED: w("Verified", "ok"),
  APPROVED: w("Verified", "ok"),
  IN_PROGRESS: w("In review", "info"),
  IN_REVIEW: w("In review", "info"),
  UNDER_REVIEW: w("In review", "info"),
  NOT_STARTED: w("Not started", "neutral"),
  ACTIVE: w("Active", "ok"),
  INACTIVE: w("Inactive", "neutral"),
  FROZEN: w("Frozen", "info"),
  CLOSED: w("Closed", "neutral"),
  LOCKED: w("Locked", "danger"),
  DISABLED: w("Disabled", "neutral"),
  ENABLED: w("Enabled", "ok"),
  REQUESTED: w("Requested", "info"),
  PROVISIONED: w("Ready", "ok"),
  READY: w("Ready", "ok"),
  SUSPENDED: w("Suspended", "danger"),
  INVALID: w("Invalid", "danger"),
  RETRYING: w("Retrying", "warn"),
  DEAD: w("Gave up", "danger"),
  NO_ENDPOINT: w("No endpoint set", "neutral"),
};

/** Account, credential, transaction and document types. */
const TYPE: Record<string, string> = {
  EMBEDDED_WALLET: "Wallet",
  INTERNAL_FIAT: "Cash account",
  INTERNAL_CRYPTO: "Crypto account",
  EMAIL_OTP: "Email code",
  SMS_OTP: "Text message code",
  PASSKEY: "Passkey",
  OAUTH: "Single sign-on",
  INCOMING: "Received",
  OUTGOING: "Sent",
  CARD: "Card payment",
  TRANSFER_IN: "Transfer in",
  TRANSFER_OUT: "Transfer out",
  INDIVIDUAL: "Person",
  BUSINESS: "Business",
  PASSPORT: "Passport",
  DRIVERS_LICENSE: "Driving licence",
  NATIONAL_ID: "National ID card",
  SPARK_WALLET: "Spark wallet",
  LIGHTNING: "Lightning",
  SWIFT_ACCOUNT: "International bank account (SWIFT)",
  CHECKING: "Checking",
  SAVINGS: "Savings",
  VIRTUAL: "Virtual card",
  PHYSICAL: "Physical card",
  USER_CANCELLATION: "Cancelled by the customer",
  TEST: "Test event",
  NON_US_TAX_ID: "Tax number (outside the US)",
  SSN: "Social Security number (SSN)",
  ITIN: "Individual taxpayer number (ITIN)",
  EIN: "Employer identification number (EIN)",
  UBO: "Beneficial owner",
  COMPANY_OFFICER: "Company officer",
  CONTROL_PERSON: "Person in control",
  GENERAL_PARTNER: "General partner",
  OTHER: "Other",
};

/** Every status and type code the table words (the e2e raw-code guard looks for them on pages). */
export const WORDED_CODES: readonly string[] = [
  ...Object.keys(STATUS),
  // Acronyms the words keep ("Social Security number (SSN)") are words people know, not codes.
  ...Object.keys(TYPE).filter((code) => !TYPE[code].includes(code)),
];

function phrase(code: string): string {
  const words = code.replace(/_/g, " ").toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function statusWord(status: string | null | undefined): Word {
  if (!status) return STATUS.UNVERIFIED;
  return STATUS[status] ?? w(phrase(status));
}

/** "USD_ACCOUNT" → "USD bank account", "BASE_WALLET" → "Base wallet", "EMAIL_OTP" → "Email code". */
export function typeWord(code: string | null | undefined): string {
  if (!code) return "—";
  if (TYPE[code]) return TYPE[code];
  const bank = /^([A-Z]{3})_ACCOUNT$/.exec(code);
  if (bank) return `${bank[1]} bank account`;
  return phrase(code);
}

/** Field names as the forms label them. */
const FIELD_NAMES: Record<string, string> = {
  birthDate: "date of birth",
  idType: "identification type",
  identifier: "identification number",
  line1: "street address",
  line2: "second address line",
  postalCode: "postal code",
};

/** A field path in words: "personalInfo.birthDate" → "date of birth". */
function fieldName(path: string): string {
  const last = path.split(".").pop() ?? path;
  return FIELD_NAMES[last] ?? last.replace(/([A-Z])/g, " $1").toLowerCase();
}

/** What a verification still needs, for the person verifying (the API's reasons name its operations). */
export function requirementWords(r: { type: string; field?: string; acceptedDocumentTypes?: string[] }): string {
  const kinds = (r.acceptedDocumentTypes ?? []).map((t) => typeWord(t).toLowerCase());
  const oneOf = kinds.length
    ? `: ${kinds.slice(0, -1).join(", ")}${kinds.length > 1 ? " or " : ""}${kinds.at(-1)}`
    : "";
  switch (r.type) {
    case "MISSING_FIELD":
      return `Fill in the ${fieldName(r.field ?? "details")}.`;
    case "INVALID_FIELD":
      if (r.field === "email") return "Confirm your email address with the code we sent you.";
      if (r.field === "phoneNumber") return "Confirm your phone number with the code we sent you.";
      return `Check the ${fieldName(r.field ?? "details")}.`;
    case "MISSING_IDENTITY_DOCUMENT":
      return `Upload an identity document${oneOf}.`;
    case "MISSING_LEGAL_PRESENCE_DOCUMENT":
      return `Upload a document that shows the business exists${oneOf}.`;
    case "MISSING_BENEFICIAL_OWNER":
      return "Add at least one beneficial owner.";
    default:
      return `Still needed: ${phrase(r.type).toLowerCase()}.`;
  }
}

/** What each error code means for the person who met it, and what to do next. */
export const ERROR_WORDS: Record<ErrorCode, string> = {
  INVALID_INPUT: "Some details are missing or not in the right form. Check the highlighted fields.",
  INVALID_REQUEST_FORMAT: "The request could not be read. Reload the page and try again.",
  END_USER_TERMS_VERSION_NOT_FOUND: "Those terms are not current any more. Reload the page to read the current terms.",
  MISSING_MANDATORY_USER_INFO: "Some required personal details are missing. Complete your profile and try again.",
  INVITATION_ALREADY_CLAIMED: "This invitation has already been used.",
  INVITATIONS_NOT_CONFIGURED: "Invitations are not set up on this platform yet.",
  INVALID_UMA_ADDRESS: "That is not a UMA address. Write it as $name@domain, e.g. $alice@example.com.",
  INVITATION_CANCELLED: "This invitation was cancelled. Ask for a new one.",
  QUOTE_REQUEST_FAILED: "We could not get a price for this payment. Try again in a moment.",
  INVALID_PAYREQ_RESPONSE: "The receiver's provider answered in a way we could not use. Try again later.",
  INVALID_RECEIVER: "That receiver cannot accept this payment. Check the address.",
  PARSE_PAYREQ_RESPONSE_ERROR: "The receiver's provider answered in a way we could not use. Try again later.",
  CERT_CHAIN_INVALID: "The receiver's provider could not be verified. Try again later.",
  CERT_CHAIN_EXPIRED: "The receiver's provider could not be verified. Try again later.",
  INVALID_PUBKEY_FORMAT: "The receiver's provider could not be verified. Try again later.",
  MISSING_REQUIRED_UMA_PARAMETERS: "The receiver's provider needs details we do not have. Try another receiver.",
  SENDER_NOT_ACCEPTED: "The receiver does not accept payments from this sender.",
  AMOUNT_OUT_OF_RANGE: "That amount is outside what the receiver accepts. Try a smaller or larger amount.",
  INVALID_CURRENCY: "That currency is not available here. Choose another.",
  INVALID_TIMESTAMP: "Your device's clock looks wrong. Correct it and try again.",
  INVALID_NONCE: "This request was already used. Reload the page and try again.",
  INVALID_BANK_ACCOUNT: "The bank did not accept these account details. Check them and try again.",
  SELF_PAYMENT: "You cannot pay yourself. Choose another receiver.",
  LOOKUP_REQUEST_FAILED: "We could not look up that receiver. Check the address and try again.",
  PARSE_LNURLP_RESPONSE_ERROR: "We could not look up that receiver. Check the address and try again.",
  INVALID_AMOUNT: "That amount is not valid. Enter a positive amount.",
  WEBHOOK_ENDPOINT_NOT_SET:
    "No webhook address is set. Open Configuration and set one, or use Meridian's built-in sandbox receiver.",
  WEBHOOK_DELIVERY_ERROR: "The webhook address did not accept the event. Check that it is reachable and answers 2xx.",
  UNSUPPORTED_API_VERSION: "This API version is not supported.",
  LOW_QUALITY: "The document image is not clear enough. Upload a sharper photo.",
  DATA_MISMATCH: "The document does not match the details given. Check the details and upload again.",
  EXPIRED: "This has expired. Start again.",
  SUSPECTED_FRAUD: "We could not accept this document. Contact support.",
  UNSUITABLE_DOCUMENT: "This kind of document cannot be used here. Upload another one.",
  INCOMPLETE: "Some information is still missing. Complete every step and try again.",
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: "Email codes are already a way to sign in to this account.",
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: "Text message codes are already a way to sign in to this account.",
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: "This passkey is already a way to sign in to this account.",
  CARDHOLDER_KYC_NOT_APPROVED: "Cards are available once your identity is verified. Verify your identity first.",
  TRANSACTION_SIZE_LIMIT_EXCEEDED: "That amount is over the limit for one payment. Send a smaller amount.",
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: "This account must be verified before money can go to it.",
  INSUFFICIENT_FUNDS: "There is not enough money in this account. Add money or send less.",
  QUOTE_EXPIRED: "The price shown has expired. Get a new quote and confirm again.",
  QUOTE_RATE_UNAVAILABLE: "No exchange rate is available for this pair right now. Try again later.",
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: "The stablecoin provider account is not valid. Check its settings.",
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: "The stablecoin provider account was revoked. Connect it again.",
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: "Choose which stablecoin provider account to use.",
  STABLECOIN_AMOUNT_NOT_REPRESENTABLE: "That amount has more decimal places than this stablecoin allows.",
  STABLECOIN_BURN_SOURCE_NOT_SUPPORTED: "Stablecoins cannot be redeemed from that account.",
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED: "Linking the account to the stablecoin provider failed. Try again.",
  STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED: "Choose how to link the account to the stablecoin provider.",
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED: "That account is not linked to the stablecoin provider yet.",
  STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED: "The stablecoin provider does not support that account.",
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED: "The stablecoin provider could not link the account. Try again.",
  STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED: "Link the account at the stablecoin provider first.",
  STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED: "Stablecoin operations are not enabled for this platform yet.",
  STABLECOIN_NOT_PROVISIONED: "This stablecoin is not set up yet.",
  STABLECOIN_OPERATION_NOT_SUPPORTED: "This stablecoin does not support that operation.",
  STABLECOIN_PROVIDER_ERROR: "The stablecoin provider had a problem. Try again later.",
  STABLECOIN_PROVIDER_SOURCE_NOT_LINKED: "The funding source is not linked at the stablecoin provider.",
  STABLECOIN_VERIFICATION_FAILED: "The stablecoin provider could not verify this. Check the details.",
  UNAUTHORIZED: "You are not signed in, or your sign-in has ended. Sign in again.",
  INVALID_SIGNATURE: "This request could not be verified. Reload the page and try again.",
  WALLET_SIGNATURE_MISSING: "This device could not sign the request. Sign in again on this device.",
  WALLET_SIGNATURE_MALFORMED: "This device could not sign the request. Sign in again on this device.",
  WALLET_SIGNATURE_BODY_MISMATCH: "This device could not sign the request. Sign in again on this device.",
  WALLET_SIGNATURE_INVALID: "This device's key is no longer valid. Sign in again on this device.",
  REQUEST_ID_MISSING: "This request could not be verified. Reload the page and try again.",
  FORBIDDEN: "You are not allowed to do this. Ask someone with access for help.",
  USER_NOT_READY: "This account is not ready yet. Finish verifying your identity first.",
  COUNTERPARTY_NOT_ALLOWED: "Payments to or from this party are not allowed.",
  VELOCITY_LIMIT_EXCEEDED: "Too many payments in a short time. Wait a while and try again.",
  END_USER_TERMS_NOT_ACCEPTED: "Accept the terms of use first.",
  NOT_FOUND: "That does not exist (any more). Reload the page to see the current list.",
  REFERENCE_NOT_FOUND: "That does not exist (any more). Reload the page to see the current list.",
  USER_NOT_FOUND: "That customer does not exist on this platform.",
  BULK_UPLOAD_JOB_NOT_FOUND: "That import does not exist (any more).",
  LOOKUP_REQUEST_NOT_FOUND: "That lookup has expired. Look the account up again.",
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: "That stablecoin provider account is not linked.",
  TOKEN_NOT_FOUND: "That API token does not exist (any more).",
  TRANSACTION_NOT_FOUND: "That transaction does not exist on this platform. Go back to the list and pick it again.",
  QUOTE_NOT_FOUND: "That quote does not exist any more. Start the payment again.",
  INVITATION_NOT_FOUND: "That invitation does not exist.",
  UMA_NOT_FOUND: "No one receives at that address. Check the UMA address.",
  METHOD_NOT_ALLOWED: "That action is not available here.",
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL:
    "This transaction is not waiting for approval any more. Reload the page to see its current status.",
  TRANSACTION_NOT_CANCELLABLE:
    "This payment can no longer be cancelled: it has settled or is past the " +
    "point of cancellation. To reverse it, send a new payment back.",
  UMA_ADDRESS_EXISTS: "That UMA address is taken. Choose another.",
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: "That email address is already used by another account. Sign in instead.",
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: "Your sign-in methods changed meanwhile. Reload the page and try again.",
  PASSKEY_ALREADY_ENROLLED: "This device already has a passkey for this account.",
  SCA_SESSION_REQUIRED: "Confirm it is you first: sign in again, then retry.",
  BENEFICIARY_TRUSTED:
    "This account is a trusted beneficiary, so it cannot be deleted yet. Remove the trust first, then delete it.",
  BANK_ACCOUNT_VALIDATION_PENDING: "The bank is still checking this account. Try again in a moment.",
  INVALID_STATE_TRANSITION: "That change is not possible in the current state. Reload the page to see it.",
  CARD_ALREADY_CLOSED: "This card is closed and can no longer be changed.",
  CARD_NOT_MUTABLE: "This card cannot be changed right now. Wait until it is active.",
  CARD_LIMIT_REACHED: "You have the most cards allowed. Close one to add another.",
  STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE: "Enablement cannot be requested in the current state.",
  CONFLICT: "Someone changed this meanwhile. Reload the page and try again.",
  DOCUMENT_ALREADY_EXISTS: "This document was already uploaded.",
  DUPLICATE_EXTERNAL_ACCOUNT: "This account is already on the list. Use the existing one.",
  DUPLICATE_PAY_REQUEST: "This payment request was already sent.",
  SMS_OTP_CREDENTIAL_SET_CHANGED: "Your sign-in methods changed meanwhile. Reload the page and try again.",
  SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS: "That phone number is already used by another account.",
  STABLECOIN_SYMBOL_ALREADY_EXISTS: "A stablecoin with that symbol already exists.",
  STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS: "A stablecoin with that token identifier already exists.",
  WALLET_NOT_PROVISIONED: "Your wallet is still being set up. Try again in a moment.",
  CUSTOMER_DELETED: "This customer was deleted.",
  PAYLOAD_TOO_LARGE: "That is too large to upload. Choose a smaller file.",
  UNSUPPORTED_MEDIA_TYPE: "That kind of file is not supported.",
  ACCOUNT_LOCKED: "This account is locked after too many attempts. Wait a while and try again.",
  RATE_LIMITED: "Too many attempts. Wait a moment and try again.",
  DAILY_VOLUME_LIMIT_EXCEEDED: "Today's limit is reached. Try again tomorrow or send less.",
  INTERNAL_ERROR: "Something went wrong on our side. Try again in a moment.",
  SERVICE_SWITCH_ERROR: "A payment network had a problem. Try again in a moment.",
  NOT_IMPLEMENTED: "This is not available yet.",
  SERVICE_UNAVAILABLE: "Meridian is busy or under maintenance. Try again in a moment.",
};

/** Human words for an error code, or undefined for a code outside the table. */
export function errorWords(code: string | undefined): string | undefined {
  return code && Object.hasOwn(ERROR_WORDS, code) ? ERROR_WORDS[code as ErrorCode] : undefined;
}

/** A field problem in the user's words: "Enter exactly 9 characters", "Required". */
export function fieldWords(e: Pick<FieldError, "constraint" | "message">): string {
  const n = /(?:>=|<=|>|<)\s*(\d+)/.exec(e.message ?? "")?.[1];
  const m = (e.message ?? "").toLowerCase();
  switch (e.constraint) {
    case "REQUIRED":
      return "Fill this in.";
    case "MIN_LENGTH":
      return n ? `Too short: enter at least ${n} characters.` : "Too short.";
    case "MAX_LENGTH":
      return n ? `Too long: enter at most ${n} characters.` : "Too long.";
    case "MINIMUM":
      return n ? `Enter ${n} or more.` : "Too small.";
    case "MAXIMUM":
      return n ? `Enter ${n} or less.` : "Too large.";
    case "PATTERN":
      return "Not in the expected form. Check the hint below the field.";
    case "FORMAT":
      return m.includes("email") ? "Enter an email address like name@example.com." : "Not in the expected form.";
    case "ENUM":
      return "Choose one of the offered options.";
    case "TYPE":
      return "Not the expected kind of value.";
    case "UNKNOWN_FIELD":
      return "This field is not used here.";
    default:
      // Domain checks already write for people; zod's generic messages do not.
      return e.message && !/^(invalid|too |expected)/i.test(e.message) ? e.message : "Check this value.";
  }
}

/** An account people recognise: "Wallet (USDB)", "USD account". */
export function internalAccountName(a: { type: string; currency: string }): string {
  return a.type === "EMBEDDED_WALLET" ? `Wallet (${a.currency})` : `${a.currency} account`;
}

/** An external account by holder and masked number: "Ada Lovelace, USD bank account ••7781". */
export function externalAccountName(info: Record<string, unknown> & { accountType: string }): string {
  const id = ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa", "phoneNumber", "address", "lightningAddress"]
    .map((k) => info[k])
    .find((v) => typeof v === "string") as string | undefined;
  const ben = info.beneficiary as { fullName?: string; legalName?: string } | undefined;
  const who = ben?.fullName ?? ben?.legalName;
  const tail = id ? ` ••${id.slice(-4)}` : "";
  return `${who ? `${who}, ` : ""}${typeWord(info.accountType)}${tail}`;
}

/** The other side of a payment by name, from its counterpartyInformation (a person's or a company's name). */
export function counterpartyName(info: Record<string, unknown> | null | undefined): string | undefined {
  const name = info?.FULL_NAME ?? info?.COMPANY_LEGAL_NAME;
  return typeof name === "string" && name ? name : undefined;
}

// One rule for path parameters: a path parameter names a resource, so a malformed one (not an id of the
// expected shape, not valid percent-encoded UTF-8, a NUL) names no resource and is 404, as the hosted API
// answers and as the reference documents (its reads list 404, not 400). The body still names the parameter.
// The exception: a path parameter that is request input rather than a name (the UMA address a lookup
// resolves) stays 400 INVALID_INPUT.
import type { z } from "zod";
import { DomainError, type ErrorCode, type FieldError } from "../kernel/errors";
import { invalidInput } from "../kernel/errors";
import { parseRequestInput } from "../kernel/validation";

/** Path parameters that are input to validate, not the name of a resource. */
export const INPUT_PATH_PARAMS: ReadonlySet<string> = new Set(["receiverUmaAddress"]);

/** The reference's not-found code for the resource a parameter names (REFERENCE_NOT_FOUND for the rest). */
const NOT_FOUND_CODES: Record<string, ErrorCode> = {
  customerId: "USER_NOT_FOUND",
  transactionId: "TRANSACTION_NOT_FOUND",
  quoteId: "QUOTE_NOT_FOUND",
  tokenId: "TOKEN_NOT_FOUND",
  jobId: "BULK_UPLOAD_JOB_NOT_FOUND",
  invitationCode: "INVITATION_NOT_FOUND",
  stablecoinProviderAccountId: "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
};

/** The refusal of malformed path parameters (each error names one). */
export function malformedPathParams(errors: FieldError[]): DomainError {
  const field = errors[0].field;
  const reason = `Invalid path parameter ${field}: ${errors[0].message}`;
  if (errors.some((e) => INPUT_PATH_PARAMS.has(e.field))) return invalidInput(errors, reason);
  return new DomainError(NOT_FOUND_CODES[field] ?? "REFERENCE_NOT_FOUND", `Nothing at this path: ${reason}`, {
    errors,
  });
}

/** The operation's path parameters parsed, or the refusal above. */
export function parsePathParams<S extends z.ZodType>(schema: S | undefined, raw: unknown): z.output<S> {
  try {
    return parseRequestInput(schema, raw);
  } catch (error) {
    const errors = error instanceof DomainError && error.code === "INVALID_INPUT" ? error.details?.errors : undefined;
    if (Array.isArray(errors) && errors.length > 0) throw malformedPathParams(errors as FieldError[]);
    throw error;
  }
}

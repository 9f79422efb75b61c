// Shared response documentation for the OpenAPI document.
import { z } from "zod";
import { ERROR_CODES, FIELD_CONSTRAINTS } from "../kernel/errors";

export const FieldErrorSchema = z.object({
  field: z.string().describe("Dot-notation path to the offending field"),
  constraint: z.enum(FIELD_CONSTRAINTS).optional(),
  message: z.string().optional(),
});

export const ErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  reason: z.string(),
  message: z.string().describe("The same text as reason, for clients generated from the reference"),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const ErrorResponses = {
  400: { description: "Invalid input (details.errors lists every invalid field)", schema: ErrorSchema },
  401: { description: "Missing or invalid credentials", schema: ErrorSchema },
  403: { description: "The credential lacks the required permission", schema: ErrorSchema },
  404: { description: "Not found", schema: ErrorSchema },
  409: { description: "Conflict", schema: ErrorSchema },
  429: {
    description: "RATE_LIMITED: too many failed attempts or requests; retry after Retry-After seconds",
    schema: ErrorSchema,
  },
  500: { description: "Internal error", schema: ErrorSchema },
} as const;

type ErrorStatus = keyof typeof ErrorResponses;

/**
 * A 400 the operation itself answers although it takes no input to validate (the generic 400 is listed only where
 * there is input, lib/api/statuses.ts): a request that cannot apply, as the reference documents it.
 */
export function refusal400(description: string) {
  return { 400: { description, schema: ErrorSchema } };
}

/**
 * ErrorResponses without the generic statuses an operation never answers (the same entries otherwise, so the
 * document still tells them from the operation's own): a write with nothing unique and no Idempotency-Key has no
 * 409, a create that answers a missing referenced id with 400 has no 404 (lib/api/statuses.ts).
 */
export function errorResponsesExcept<S extends ErrorStatus>(...statuses: S[]): Omit<typeof ErrorResponses, S> {
  const out: Partial<Record<ErrorStatus, (typeof ErrorResponses)[ErrorStatus]>> = { ...ErrorResponses };
  for (const s of statuses) delete out[s];
  return out as Omit<typeof ErrorResponses, S>;
}

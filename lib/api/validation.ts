// Turns zod issues into the spec's FieldError list: one entry per invalid field,
// each with a dot path, a constraint kind and a message. Every route's body,
// query and params go through parseOrThrow, so all of them report errors alike.
import type { z } from "zod";
import { type FieldConstraint, type FieldError, invalidInput } from "./errors";

type Issue = z.core.$ZodIssue;

function dotPath(prefix: string, path: readonly PropertyKey[]): string {
  const parts = [prefix, ...path.map(String)].filter((p) => p !== "");
  return parts.join(".") || "(root)";
}

function constraintOf(issue: Issue): FieldConstraint {
  switch (issue.code) {
    case "invalid_type":
      return (issue as { input?: unknown }).input === undefined ? "REQUIRED" : "TYPE";
    case "too_small":
      return issue.origin === "string" || issue.origin === "array" || issue.origin === "set" ? "MIN_LENGTH" : "MINIMUM";
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" || issue.origin === "set" ? "MAX_LENGTH" : "MAXIMUM";
    case "invalid_format":
      return issue.format === "regex" ? "PATTERN" : "FORMAT";
    case "invalid_value":
      return "ENUM";
    case "unrecognized_keys":
      return "UNKNOWN_FIELD";
    case "invalid_union":
      return (issue as { discriminator?: string }).discriminator ? "ENUM" : "INVALID";
    default:
      return "INVALID";
  }
}

function messageOf(issue: Issue, constraint: FieldConstraint): string {
  if (constraint === "REQUIRED") return "Required";
  return issue.message;
}

/** Flattens nested union issues so each leaf field is reported on its own. */
function flatten(issues: readonly Issue[], prefix: string, basePath: readonly PropertyKey[] = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({ field: dotPath(prefix, [...path, key]), constraint: "UNKNOWN_FIELD", message: "Unknown field" });
      }
      continue;
    }
    if (issue.code === "invalid_union") {
      const discriminator = (issue as { discriminator?: string }).discriminator;
      if (discriminator) {
        // zod 4 already ends the path with the discriminator key; older shapes do not.
        const at = path[path.length - 1] === discriminator ? path : [...path, discriminator];
        out.push({ field: dotPath(prefix, at), constraint: "ENUM", message: "Invalid discriminator value" });
        continue;
      }
      const branches = issue.errors.filter((b) => b.length > 0);
      if (branches.length > 0) {
        const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
        out.push(...flatten(best, prefix, path));
        continue;
      }
    }
    const constraint = constraintOf(issue);
    out.push({ field: dotPath(prefix, path), constraint, message: messageOf(issue, constraint) });
  }
  // One entry per field: keep the first problem reported for each path.
  const seen = new Set<string>();
  return out.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
}

export function fieldErrorsOf(error: z.ZodError, prefix = ""): FieldError[] {
  return flatten(error.issues, prefix);
}

/** Parses `input` with `schema`; on failure throws 400 INVALID_INPUT listing every invalid field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error, prefix);
  throw invalidInput(errors, errors.length === 1 ? `Invalid field ${errors[0].field}: ${errors[0].message}` : `${errors.length} invalid fields`);
}

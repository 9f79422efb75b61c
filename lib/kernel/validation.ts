// The one home of request input validation: every route's body, query and
// params go through parseRequestInput, which refuses text PostgreSQL cannot
// store and then parses with the operation's zod schema (request bodies strict:
// see strictInput), turning zod issues into the spec's FieldError list (one entry
// per invalid field, each with a dot path, a constraint kind and a message).
import { z } from "zod";
import { DomainError, type FieldConstraint, type FieldError, invalidInput } from "./errors";

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
  throw invalidInput(
    errors,
    errors.length === 1 ? `Invalid field ${errors[0].field}: ${errors[0].message}` : `${errors.length} invalid fields`,
  );
}

/** Deeper JSON than any request needs; PostgreSQL refuses very deep jsonb with a stack-depth error. */
export const MAX_INPUT_DEPTH = 32;

// A NUL (PostgreSQL text cannot hold one) or a UTF-16 surrogate without its pair
// (no UTF-8 encoding exists for it).
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/**
 * Every string (and object key) of a decoded request part that PostgreSQL could
 * not store, as FieldErrors; throws INVALID_REQUEST_FORMAT past MAX_INPUT_DEPTH.
 * Walks with an explicit stack, so no input can exhaust the call stack.
 */
function unstorableTextErrors(input: unknown, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) {
        errors.push({
          field: dotPath(prefix, path),
          constraint: "FORMAT",
          message: "Text must not contain NUL characters or unpaired UTF-16 surrogates",
        });
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      throw new DomainError("INVALID_REQUEST_FORMAT", `Request input is nested deeper than ${MAX_INPUT_DEPTH} levels`);
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
      continue;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) continue; // a File of a multipart body
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) {
        errors.push({
          field: dotPath(prefix, [...path, "(key)"]),
          constraint: "FORMAT",
          message: "Field names must not contain NUL characters or unpaired UTF-16 surrogates",
        });
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return errors;
}

/**
 * A request part (path params, query, body) as the operation reads it: refused
 * with 400 INVALID_INPUT when any text in it cannot be stored, else parsed with
 * `schema` when the operation declares one.
 */
export function parseRequestInput<S extends z.ZodType>(
  schema: S | undefined,
  input: unknown,
  prefix = "",
): z.output<S> {
  const errors = unstorableTextErrors(input, prefix);
  if (errors.length > 0) {
    throw invalidInput(
      errors,
      errors.length === 1
        ? `Invalid field ${errors[0].field}: ${errors[0].message}`
        : `${errors.length} invalid fields`,
    );
  }
  return schema ? parseOrThrow(schema, input, prefix) : (input as z.output<S>);
}

/**
 * The schema with every object in it strict (unknown fields are 400
 * UNKNOWN_FIELD instead of silently dropped) and everything else unchanged.
 * Operations apply it to their request bodies once, at definition.
 */
export function strictInput<S extends z.ZodType>(schema: S): S {
  return strictCopy(schema, new Map()) as S;
}

type AnySchema = z.core.$ZodType;

function withDef(schema: AnySchema, changes: Record<string, unknown>): AnySchema {
  const def = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema._zod.def));
  for (const [key, value] of Object.entries(changes))
    Object.defineProperty(def, key, { value, enumerable: true, configurable: true, writable: true });
  return z.core.util.clone(schema, def as typeof schema._zod.def);
}

function strictCopy(schema: AnySchema, done: Map<AnySchema, AnySchema>): AnySchema {
  const known = done.get(schema);
  if (known) return known;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const def = schema._zod.def as any;
  const copy = (s: AnySchema) => strictCopy(s, done);
  let out: AnySchema;
  switch (def.type) {
    case "object": {
      const shape: Record<string, AnySchema> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, AnySchema>)) shape[key] = copy(value);
      out = withDef(schema, { shape, catchall: def.catchall ?? z.never() });
      break;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      out = withDef(schema, { innerType: copy(def.innerType) });
      break;
    case "array":
      out = withDef(schema, { element: copy(def.element) });
      break;
    case "union":
      out = withDef(schema, { options: def.options.map(copy) });
      break;
    case "pipe":
      out = withDef(schema, { in: copy(def.in), out: copy(def.out) });
      break;
    case "tuple":
      out = withDef(schema, { items: def.items.map(copy), rest: def.rest ? copy(def.rest) : def.rest });
      break;
    case "record":
      out = withDef(schema, { valueType: copy(def.valueType) });
      break;
    case "lazy": {
      let inner: AnySchema | undefined;
      out = withDef(schema, { getter: () => (inner ??= copy(def.getter())) });
      break;
    }
    case "intersection":
      // zod refuses a key of an intersection only when both sides refuse it.
      out = withDef(schema, { left: copy(def.left), right: copy(def.right) });
      break;
    default:
      out = schema;
  }
  done.set(schema, out);
  return out;
}

const arrayFieldCache = new WeakMap<AnySchema, ReadonlySet<string>>();

/** Whether the schema takes an array (also inside optional, default, pipe or a union with a single value). */
function takesArray(schema: AnySchema): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const def = schema._zod.def as any;
  switch (def.type) {
    case "array":
      return true;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return takesArray(def.innerType);
    case "pipe":
      return takesArray(def.in);
    case "union":
      return (def.options as AnySchema[]).some(takesArray);
    default:
      return false;
  }
}

/** The top-level fields of an object schema (e.g. a query) that take an array. */
export function arrayFields(schema: AnySchema | undefined): ReadonlySet<string> {
  if (!schema) return new Set();
  const known = arrayFieldCache.get(schema);
  if (known) return known;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let def = schema._zod.def as any;
  while (def.type === "pipe" || def.type === "optional" || def.type === "default") {
    def = (def.type === "pipe" ? def.in : def.innerType)._zod.def;
  }
  const out = new Set<string>();
  if (def.type === "object") {
    for (const [key, value] of Object.entries(def.shape as Record<string, AnySchema>)) {
      if (takesArray(value)) out.add(key);
    }
  }
  arrayFieldCache.set(schema, out);
  return out;
}

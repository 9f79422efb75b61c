// Builds the OpenAPI 3.1 document from the operations' zod schemas, so the
// document cannot drift from what the routes validate.
import { z } from "zod";
import { API_BASE, API_VERSION, type Operation } from "./operation";
import { ErrorResponses, ErrorSchema, FieldErrorSchema } from "./responses";
import { hoistSharedSchemas } from "./openapi-components";
import { INPUT_PATH_PARAMS } from "./path-params";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  let s: z.ZodType = schema;
  // unwrap pipes/effects down to the object that carries the shape
  while (!(s instanceof z.ZodObject)) {
    const def = (s as unknown as { def: { in?: z.ZodType; innerType?: z.ZodType } }).def;
    const next = def.in ?? def.innerType;
    if (!next) return {};
    s = next;
  }
  return (s as z.ZodObject).shape as Record<string, z.ZodType>;
}

function parameters(op: Operation<unknown, unknown, unknown>) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, prop] of Object.entries(objectShape(schema))) {
      const optional = prop.safeParse(undefined).success;
      out.push({
        name,
        in: where,
        required: where === "path" || !optional,
        schema: toSchema(prop, "input"),
        ...(prop.description ? { description: prop.description } : {}),
      });
    }
  }
  if (op.idempotency) {
    out.push({
      name: "Idempotency-Key",
      in: "header",
      required: op.idempotency === "required",
      schema: { type: "string", maxLength: 255 },
      description: "Replays the stored response for a repeated request within 24 hours",
    });
  }
  for (const h of op.headers ?? [])
    out.push({
      name: h.name,
      in: "header",
      required: h.required ?? false,
      schema: { type: "string" },
      description: h.description,
    });
  return out;
}

/**
 * Whether a generic error status (one spread from ErrorResponses, not declared by the
 * operation itself) can occur on this operation, so the document lists only statuses
 * the operation can answer: 400 needs input to validate (a body, a query, a path parameter
 * that is input: a malformed id in the path is 404), 401/403 a credential, 404 an
 * id it looks up (in the path, the body or a required query parameter; an optional
 * filter of a list answers the empty list), 409 a write (a unique value taken, an
 * Idempotency-Key reused with another request). 429 (the throttle) and 500 apply
 * everywhere. The security sweep checks every refusal's status is listed.
 */
function genericErrorApplies(op: Operation<unknown, unknown, unknown>, status: number): boolean {
  switch (status) {
    case 400:
      // A malformed path parameter is 404 (lib/api/path-params.ts), unless it is request input.
      return Boolean(
        op.body || op.query || [...op.path.matchAll(/\{([^}]+)\}/g)].some(([, name]) => INPUT_PATH_PARAMS.has(name)),
      );
    case 401:
    case 403:
      return op.auth !== "none";
    case 404:
      return (
        op.path.includes("{") ||
        Boolean(op.body) ||
        Object.entries(op.query ? objectShape(op.query) : {}).some(
          ([name, prop]) => /Id$/.test(name) && !prop.safeParse(undefined).success,
        )
      );
    case 409:
      return op.method !== "GET";
    default:
      return true;
  }
}

export function buildOpenApiDocument(operations: Operation<unknown, unknown, unknown>[], serverUrl = API_BASE) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    const responses: Record<string, JsonSchema> = {};
    for (const [status, spec] of Object.entries(op.responses)) {
      const generic = ErrorResponses[Number(status) as keyof typeof ErrorResponses] === spec;
      if (generic && !genericErrorApplies(op, Number(status))) continue;
      responses[status] = spec.schema
        ? {
            description: spec.description,
            content: { "application/json": { schema: toSchema(spec.schema, "output") } },
          }
        : { description: spec.description };
    }
    const entry: JsonSchema = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: op.auth === "platform" ? [{ BasicAuth: [] }] : op.auth === "agent" ? [{ AgentAuth: [] }] : [],
      parameters: parameters(op),
      responses,
    };
    if (op.permission) entry["x-required-permission"] = op.permission;
    if (op.deprecated) entry.deprecated = true;
    if (op.extension) entry["x-meridian-extension"] = true;
    if (op.body) {
      const mediaType = op.bodyKind === "multipart" ? "multipart/form-data" : "application/json";
      entry.requestBody = { required: true, content: { [mediaType]: { schema: toSchema(op.body, "input") } } };
    }
    item[op.method.toLowerCase()] = entry;
  }
  const tags = [...new Set(operations.map((o) => o.tag))].sort().map((name) => ({ name }));
  return hoistSharedSchemas({
    openapi: "3.1.0",
    info: {
      title: "Meridian Global Payments API",
      version: API_VERSION,
      description:
        "Self-hostable implementation of the global payments platform API, with a sandbox steered by magic values.",
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: {
      securitySchemes: {
        BasicAuth: { type: "http", scheme: "basic", description: "Client id as username, client secret as password" },
        AgentAuth: { type: "http", scheme: "bearer", description: "Agent access token from device-code redemption" },
      },
      schemas: { Error: toSchema(ErrorSchema, "output"), FieldError: toSchema(FieldErrorSchema, "output") },
    },
  });
}

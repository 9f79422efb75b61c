// Builds the OpenAPI 3.1 document from the operations' zod schemas, so the
// document cannot drift from what the routes validate.
import { z } from "zod";
import { API_BASE, API_VERSION, type Operation } from "./operation";
import { ErrorResponses, ErrorSchema, FieldErrorSchema } from "./responses";
import { hoistSharedSchemas } from "./openapi-components";
import { genericErrorApplies, objectShape } from "./statuses";
import { SignedRetryStillProcessing } from "./signed-retry";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
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

export function buildOpenApiDocument(operations: Operation<unknown, unknown, unknown>[], serverUrl = API_BASE) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    const responses: Record<string, JsonSchema> = {};
    for (const [status, spec] of Object.entries(op.responses)) {
      const generic = ErrorResponses[Number(status) as keyof typeof ErrorResponses] === spec;
      if (generic && !genericErrorApplies(op, Number(status))) continue;
      // every refusal answers the spec's error body, whether or not the operation names the schema
      const schema = spec.schema ?? (Number(status) >= 400 ? ErrorSchema : undefined);
      responses[status] = schema
        ? {
            description: spec.description,
            content: { "application/json": { schema: toSchema(schema, "output") } },
          }
        : { description: spec.description };
    }
    // any operation answers 503 while the database is unreachable (docs/reliability.md)
    responses["503"] ??= {
      description: "SERVICE_UNAVAILABLE: the database is unreachable; retry after Retry-After seconds",
      content: { "application/json": { schema: toSchema(ErrorSchema, "output") } },
    };
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
      schemas: {
        Error: toSchema(ErrorSchema, "output"),
        FieldError: toSchema(FieldErrorSchema, "output"),
        SignedRetryStillProcessing: toSchema(SignedRetryStillProcessing, "output"),
      },
    },
  });
}

// The API reference's reading of the OpenAPI document (lib/api/openapi.ts): the
// served document once per process, its operations grouped by tag, component
// references resolved, and request examples built from the schemas. The pages
// under app/docs/api render this on the server, so the reference is plain HTML
// that shows at once on any screen, with no script to parse the document.
import "server-only";
import { buildOpenApiDocument } from "./openapi";
import { operations } from "./registry";

export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  description?: string;
};

export interface RefParameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface RefOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  security: string[];
  deprecated: boolean;
  permission?: string;
  parameters: RefParameter[];
  requestBody?: { mediaType: string; schema: JsonSchema };
  responses: { status: string; description: string; schema?: JsonSchema }[];
}

export interface RefTag {
  name: string;
  slug: string;
  operations: RefOperation[];
}

type Doc = ReturnType<typeof buildOpenApiDocument>;

// Once per process, not per bundle: Next.js bundles the pages, the route and
// instrumentation.ts (which builds it at start, off the request path) apart.
const cache = globalThis as { __meridianOpenApi?: { doc: Doc; text?: string; tags?: RefTag[] } };

/** The OpenAPI document this server serves, built once per process. */
export function openApiDocument(): Doc {
  cache.__meridianOpenApi ??= { doc: buildOpenApiDocument(operations) };
  return cache.__meridianOpenApi.doc;
}

/** The same document as JSON text, for the openapi.json route. */
export function openApiDocumentText(): string {
  openApiDocument();
  return (cache.__meridianOpenApi!.text ??= JSON.stringify(cache.__meridianOpenApi!.doc));
}

export const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Every operation of the document, grouped by tag (tags in name order, operations in document order). */
export function referenceTags(): RefTag[] {
  const doc = openApiDocument();
  if (cache.__meridianOpenApi!.tags) return cache.__meridianOpenApi!.tags;
  const byTag = new Map<string, RefOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Record<string, unknown>;
      const tag = (op.tags as string[])[0];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const mediaType = content ? Object.keys(content)[0] : undefined;
      const responses = Object.entries(op.responses as Record<string, Record<string, unknown>>).map(([status, r]) => ({
        status,
        description: String(r.description ?? ""),
        schema: (r.content as Record<string, { schema: JsonSchema }> | undefined)?.["application/json"]?.schema,
      }));
      const list = byTag.get(tag) ?? [];
      list.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? op.operationId),
        tag,
        security: (op.security as Record<string, unknown>[]).flatMap((s) => Object.keys(s)),
        deprecated: op.deprecated === true,
        permission: op["x-required-permission"] as string | undefined,
        parameters: op.parameters as RefParameter[],
        requestBody: mediaType && content ? { mediaType, schema: content[mediaType].schema } : undefined,
        responses,
      });
      byTag.set(tag, list);
    }
  }
  const tags = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, ops]) => ({ name, slug: tagSlug(name), operations: ops }));
  cache.__meridianOpenApi!.tags = tags;
  return tags;
}

/** The schema a $ref names (components only: the document has no other references). */
export function resolveSchema(schema: JsonSchema): { schema: JsonSchema; name?: string } {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return { schema };
  const name = decodeURIComponent(ref.slice("#/components/schemas/".length));
  const target = (openApiDocument().components.schemas as Record<string, JsonSchema>)[name];
  return { schema: target ?? {}, name };
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type);

/** A small value the schema accepts, from its required parts, for the request examples. */
export function sampleValue(raw: JsonSchema, depth = 0): unknown {
  const { schema } = resolveSchema(raw);
  if (depth > 8) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length)
    return sampleValue(options.find((o) => typeOf(resolveSchema(o).schema) !== "null") ?? options[0], depth + 1);
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((s) => sampleValue(s, depth + 1) as Record<string, unknown>));
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, sampleValue(schema.properties?.[k] ?? {}, depth + 1)]),
      );
    case "array":
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 0)) }, () =>
        sampleValue(schema.items ?? {}, depth + 1),
      ).slice(0, 1);
    case "integer":
    case "number":
      return typeof schema.minimum === "number" && schema.minimum > 0 ? schema.minimum : 1000;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "date-time") return "2025-10-13T12:00:00Z";
      if (schema.format === "date") return "2025-10-13";
      if (schema.format === "email") return "ada@example.com";
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/hook";
      return "string";
    default:
      return {};
  }
}

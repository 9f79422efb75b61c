// The reference OpenAPI document (contract/reference-openapi.yaml) as a JSON
// Schema 2020-12 validator (./validators.ts): its operations (a request finds its
// own through ./templates.ts), response and webhook bodies → violations with a
// JSON pointer each.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ErrorObject } from "ajv/dist/2020";
import { parse } from "yaml";
import { documentValidators, pointerSegment, type DocumentValidators } from "./validators";

type Json = Record<string, any>;

export interface Violation {
  /** operationId, or `webhook <TYPE>` for a webhook payload. */
  operation: string;
  status: string;
  /** JSON pointer into the body, array indexes as `*`, naming the offending member. */
  pointer: string;
  keyword: string;
  message: string;
  /** The offending value, for enum/const/type violations; an error body's code for status violations. */
  value?: string;
  /** The body is the spec's still-processing 200 of a signed retry ({requestId, stillProcessing: true}). */
  stillProcessing?: true;
  /** Found in the served OpenAPI document (./document.ts), which names no error codes. */
  document?: true;
}

export interface ReferenceOperation {
  operationId: string;
  method: string;
  path: string;
  operation: Json;
}

const DOC_ID = "reference";
export const REFERENCE_PATH = fileURLToPath(new URL("../../../contract/reference-openapi.yaml", import.meta.url));

/**
 * OpenAPI's `discriminator` is not JSON Schema: a plain oneOf reports "must match
 * exactly one schema" for a wrong field deep inside one variant. The tag picks the
 * variant, so the variant's own errors are what a reader needs.
 */
function rewriteDiscriminators(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach(rewriteDiscriminators);
  const o = node as Json;
  for (const v of Object.values(o)) rewriteDiscriminators(v);
  if (!o.discriminator) return;
  const { propertyName, mapping } = o.discriminator as { propertyName: string; mapping: Record<string, string> };
  delete o.discriminator;
  delete o.oneOf;
  delete o.anyOf;
  o.type ??= "object";
  o.required = [...new Set([...(o.required ?? []), propertyName])];
  o.properties = { ...o.properties, [propertyName]: { ...o.properties?.[propertyName], enum: Object.keys(mapping) } };
  o.allOf = [
    ...(o.allOf ?? []),
    ...Object.entries(mapping).map(([tag, ref]) => ({
      if: { properties: { [propertyName]: { const: tag } }, required: [propertyName] },
      then: { $ref: ref },
    })),
  ];
}

let loaded:
  | { doc: Json; validators: DocumentValidators; operations: ReferenceOperation[]; webhookTypes: Map<string, string> }
  | undefined;

/** The reference with discriminators rewritten, as JSON: parsing the YAML takes seconds, so a run does it once. */
export function referenceJson(): string {
  const doc = parse(readFileSync(REFERENCE_PATH, "utf8")) as Json;
  rewriteDiscriminators(doc);
  return JSON.stringify(doc);
}

let cachePath: string | undefined;
/** Use the run's JSON copy of the reference (written by ./report.ts) instead of parsing the YAML. */
export function useReferenceCache(path: string) {
  cachePath = path;
}

export function reference() {
  if (loaded) return loaded;
  const doc = JSON.parse(cachePath ? readFileSync(cachePath, "utf8") : referenceJson()) as Json;
  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, operation] of Object.entries<Json>(item))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path, operation });
  const webhookTypes = new Map<string, string>();
  for (const [name, item] of Object.entries<Json>(doc.webhooks)) {
    const ref: string = item.post.requestBody.content["application/json"].schema.$ref;
    const schema = doc.components.schemas[ref.split("/").pop()!];
    for (const part of schema.allOf ?? [schema])
      for (const type of part.properties?.type?.enum ?? []) webhookTypes.set(type, name);
  }
  loaded = { doc, validators: documentValidators(DOC_ID, doc), operations, webhookTypes };
  return loaded;
}

const validator = (pointer: string) => reference().validators.validator(pointer);

export function toViolations(operation: string, status: string, errors: ErrorObject[]): Violation[] {
  const out = new Map<string, Violation>();
  for (const e of errors) {
    // the if/then wrappers of rewritten discriminators and oneOf summaries repeat what the branch errors say
    if (e.keyword === "if" || e.keyword === "allOf") continue;
    let pointer = e.instancePath.replace(/\/\d+(?=\/|$)/g, "/*");
    if (e.keyword === "required") pointer += `/${pointerSegment(e.params.missingProperty)}`;
    if (e.keyword === "additionalProperties") pointer += `/${pointerSegment(e.params.additionalProperty)}`;
    const message =
      e.keyword === "enum"
        ? `${e.message}: ${(e.params.allowedValues as unknown[]).join(", ")}`
        : e.keyword === "const"
          ? `must be ${JSON.stringify(e.params.allowedValue)}`
          : (e.message ?? e.keyword);
    const v: Violation = { operation, status, pointer, keyword: e.keyword, message };
    if (["enum", "const", "type", "format"].includes(e.keyword)) v.value = JSON.stringify(e.data);
    out.set(`${pointer} ${e.keyword}`, v);
  }
  return [...out.values()];
}

/** Violations of one response body against the reference's schema for the operation and status. */
export function validateResponse(op: ReferenceOperation, status: number, body: unknown, hasBody: boolean): Violation[] {
  const responses: Json = op.operation.responses ?? {};
  const key =
    String(status) in responses
      ? String(status)
      : `${String(status)[0]}XX` in responses
        ? `${String(status)[0]}XX`
        : undefined;
  if (!key)
    return [
      {
        operation: op.operationId,
        status: String(status),
        pointer: "",
        keyword: "status",
        message: `the reference does not document status ${status} (it documents ${Object.keys(responses).join(", ")})`,
        // an error's code, so an allowlist row can admit one status for the spec's codes only
        ...(typeof (body as { code?: unknown } | null)?.code === "string"
          ? { value: JSON.stringify((body as { code: string }).code) }
          : {}),
        ...((body as { stillProcessing?: unknown } | null)?.stillProcessing === true
          ? { stillProcessing: true as const }
          : {}),
      },
    ];
  const content = responses[key].content?.["application/json"];
  if (!content?.schema)
    return hasBody
      ? [
          {
            operation: op.operationId,
            status: key,
            pointer: "",
            keyword: "body",
            message: "the reference documents no body",
          },
        ]
      : [];
  const pointer =
    `/paths/${pointerSegment(op.path)}/${op.method.toLowerCase()}` +
    `/responses/${key}/content/application~1json/schema`;
  const validate = validator(pointer);
  if (validate(body)) return [];
  const found = toViolations(op.operationId, key, validate.errors ?? []);
  const stillProcessing = (body as { stillProcessing?: unknown } | null)?.stillProcessing === true;
  return stillProcessing ? found.map((v) => ({ ...v, stillProcessing: true as const })) : found;
}

/** Violations of a delivered webhook payload against the reference webhook that declares its type. */
export function validateWebhook(payload: unknown): Violation[] {
  const type = (payload as { type?: unknown })?.type;
  const operation = `webhook ${String(type)}`;
  const name = typeof type === "string" ? reference().webhookTypes.get(type) : undefined;
  if (!name)
    return [
      { operation, status: "-", pointer: "/type", keyword: "enum", message: "no reference webhook has this type" },
    ];
  const validate = validator(`/webhooks/${pointerSegment(name)}/post/requestBody/content/application~1json/schema`);
  return validate(payload) ? [] : toViolations(operation, "-", validate.errors ?? []);
}

/** Violations of `value` against one of the reference's component schemas (for unit tests of builders). */
export function validateComponent(name: string, value: unknown): Violation[] {
  const validate = validator(`/components/schemas/${pointerSegment(name)}`);
  return validate(value) ? [] : toViolations(name, "-", validate.errors ?? []);
}

export function formatViolation(v: Violation): string {
  return (
    `${v.operation} ${v.status} ${v.pointer || "(body)"}: ` +
    `${v.message}${v.value === undefined ? "" : ` (got ${v.value.slice(0, 80)})`}`
  );
}

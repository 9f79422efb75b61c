// Request examples in curl and JavaScript for every operation of the OpenAPI
// document, as `x-codeSamples` (the extension Redoc and Scalar both render):
// the request body is a small value its schema accepts, built from the schema's
// required parts, and the credentials are shell or script variables.
import { API_BASE } from "./operation";

type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
};

interface Doc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type);

/** A small value the schema accepts, from its required parts. */
function sampleValue(doc: Doc, raw: JsonSchema, depth = 0): unknown {
  const ref = raw.$ref;
  const schema: JsonSchema =
    typeof ref === "string" && ref.startsWith("#/components/schemas/")
      ? ((doc.components.schemas[decodeURIComponent(ref.slice("#/components/schemas/".length))] as JsonSchema) ?? {})
      : raw;
  if (depth > 8) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) {
    const notNull = options.find((o) => typeOf(o) !== "null" && (o.$ref || typeOf(o)));
    return sampleValue(doc, notNull ?? options[0], depth + 1);
  }
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((s) => sampleValue(doc, s, depth + 1) as Record<string, unknown>));
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, sampleValue(doc, schema.properties?.[k] ?? {}, depth + 1)]),
      );
    case "array":
      return [sampleValue(doc, schema.items ?? {}, depth + 1)];
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

interface Op {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function samples(doc: Doc, origin: string, method: string, path: string, op: Op) {
  const url = `${origin}${API_BASE}${path}`;
  const mediaType = op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined;
  const body = mediaType ? sampleValue(doc, op.requestBody!.content[mediaType].schema) : undefined;
  const json = body === undefined ? undefined : JSON.stringify(body, null, 2);
  const multipart = mediaType === "multipart/form-data";
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  const basic = schemes.includes("BasicAuth");
  const bearer = schemes.includes("AgentAuth");
  const idem = (op.parameters ?? []).some((p) => p.in === "header" && p.name === "Idempotency-Key");
  const fields = multipart && body && typeof body === "object" ? Object.keys(body) : [];
  const curl = [
    `curl -X ${method} "${url}"`,
    basic ? `  -u "$CLIENT_ID:$CLIENT_SECRET"` : null,
    bearer ? `  -H "Authorization: Bearer $AGENT_TOKEN"` : null,
    idem ? `  -H "Idempotency-Key: $(uuidgen)"` : null,
    ...(multipart
      ? fields.map((k) => (k === "file" ? `  -F "file=@document.pdf"` : `  -F "${k}=..."`))
      : json
        ? [`  -H "Content-Type: application/json"`, `  -d '${json.replace(/'/g, "'\\''")}'`]
        : []),
  ]
    .filter(Boolean)
    .join(" \\\n");
  const headers = [
    basic ? `    Authorization: "Basic " + btoa(\`\${CLIENT_ID}:\${CLIENT_SECRET}\`),` : null,
    bearer ? `    Authorization: \`Bearer \${AGENT_TOKEN}\`,` : null,
    idem ? `    "Idempotency-Key": crypto.randomUUID(),` : null,
    json && !multipart ? `    "Content-Type": "application/json",` : null,
  ].filter(Boolean);
  const js = [
    `const response = await fetch("${url}", {`,
    `  method: "${method}",`,
    headers.length ? `  headers: {\n${headers.join("\n")}\n  },` : null,
    multipart ? `  body: formData, // ${fields.join(", ")}` : null,
    json && !multipart ? `  body: JSON.stringify(${json.replace(/\n/g, "\n  ")}),` : null,
    `});`,
    `const result = await response.json();`,
  ]
    .filter(Boolean)
    .join("\n");
  return [
    { lang: "Shell", label: "curl", source: curl },
    { lang: "JavaScript", label: "JavaScript", source: js },
  ];
}

/** A copy of the document whose operations carry curl and JavaScript examples against `origin`. */
export function withCodeSamples<D extends Doc>(doc: D, origin: string): D {
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => [
          method,
          { ...(op as object), "x-codeSamples": samples(doc, origin, method.toUpperCase(), path, op as Op) },
        ]),
      ),
    ]),
  );
  return { ...doc, paths };
}

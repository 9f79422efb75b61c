// Meridian's own served OpenAPI document (GET /api/2025-10-13/openapi.json, built
// from the operations' zod schemas by lib/api/openapi.ts) as a second validator:
// every answer must be what that document promises, so a serializer field the
// strict response schema lacks, a missing required field or a status the document
// does not list for the operation is a violation. No spec-mandated difference can
// exist between Meridian and its own document, so contract/allowlist.ts does not
// apply here: the only exceptions are the shrinking ratchet
// contract/known-served-document-gaps.ts.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { toViolations, type Violation } from "./reference";

type Json = Record<string, any>;

interface ServedOperation {
  operationId: string;
  method: string;
  path: string;
  operation: Json;
}

interface Served {
  ajv: Ajv2020;
  operations: ServedOperation[];
  validators: Map<string, ValidateFunction>;
}

const DOC_ID = "served";
const escape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** A path segment as the router reads it; one that is not valid percent-encoding stays as sent. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The served operation for a request: literal segments win over `{param}` ones. */
function match(served: Served, method: string, path: string): ServedOperation | undefined {
  const segs = path.split("/").filter(Boolean);
  let best: { op: ServedOperation; score: string } | undefined;
  for (const op of served.operations) {
    if (op.method !== method) continue;
    const tpl = op.path.split("/").filter(Boolean);
    if (tpl.length !== segs.length) continue;
    let score = "";
    let ok = true;
    for (let i = 0; i < tpl.length && ok; i++) {
      if (/^\{.+\}$/.test(tpl[i])) score += "0";
      else if (tpl[i] === decoded(segs[i])) score += "1";
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { op, score };
  }
  return best?.op;
}

function load(doc: Json): Served {
  const operations: ServedOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const [method, operation] of Object.entries<Json>(item))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path, operation });
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, verbose: true });
  addFormats(ajv);
  for (const f of ["int64", "int32", "double", "float", "binary"]) ajv.addFormat(f, true);
  ajv.addSchema(doc, DOC_ID);
  return { ajv, operations, validators: new Map() };
}

const documents = new Map<string, Promise<Served | undefined>>();

/**
 * The document the answering server serves, fetched once per origin and test file. `fetcher` must not be checked
 * itself (the harness passes the unwrapped fetch).
 */
function servedBy(documentUrl: string, fetcher: typeof fetch): Promise<Served | undefined> {
  let p = documents.get(documentUrl);
  if (!p) {
    p = fetcher(documentUrl)
      .then(async (res) => (res.ok ? load((await res.json()) as Json) : undefined))
      .catch(() => undefined);
    documents.set(documentUrl, p);
  }
  return p;
}

/**
 * The signed retry's still-processing 200: documented once, as the component the operation's Request-Id header
 * parameter names, for every operation that takes that header.
 */
function stillProcessing(served: Served, op: ServedOperation, name: string, body: unknown): Violation[] {
  const takesSignedRetry = (op.operation.parameters ?? []).some(
    (p: Json) => p.in === "header" && p.name === "Request-Id" && /SignedRetryStillProcessing/.test(p.description ?? ""),
  );
  if (!takesSignedRetry)
    return [
      {
        operation: name,
        status: "200",
        pointer: "",
        keyword: "status",
        message: "a still-processing answer from an operation that takes no signed retry",
      },
    ];
  const pointer = "/components/schemas/SignedRetryStillProcessing";
  let validate = served.validators.get(pointer);
  if (!validate) {
    validate = served.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    served.validators.set(pointer, validate);
  }
  return validate(body) ? [] : toViolations(name, "200", validate.errors ?? []);
}

/** Violations of one answer against the served document's entry for its operation; `served <operationId>` names it. */
export async function validateServed(
  documentUrl: string,
  fetcher: typeof fetch,
  method: string,
  path: string,
  status: number,
  body: unknown,
  hasBody: boolean,
): Promise<Violation[]> {
  const served = await servedBy(documentUrl, fetcher);
  if (!served) return [];
  const op = match(served, method, path);
  if (!op) return [];
  const name = `served ${op.operationId}`;
  if (status === 200 && (body as { stillProcessing?: unknown } | null)?.stillProcessing === true)
    return stillProcessing(served, op, name, body);
  const responses: Json = op.operation.responses ?? {};
  if (!(String(status) in responses))
    return [
      {
        operation: name,
        status: String(status),
        pointer: "",
        keyword: "status",
        message: `the served document does not list status ${status} (it lists ${Object.keys(responses).join(", ")})`,
      },
    ];
  const content = responses[String(status)].content?.["application/json"];
  if (!content?.schema)
    return hasBody
      ? [
          {
            operation: name,
            status: String(status),
            pointer: "",
            keyword: "body",
            message: "the served document lists no body",
          },
        ]
      : [];
  const pointer =
    `/paths/${escape(op.path)}/${op.method.toLowerCase()}` + `/responses/${status}/content/application~1json/schema`;
  let validate = served.validators.get(pointer);
  if (!validate) {
    validate = served.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    served.validators.set(pointer, validate);
  }
  if (validate(body)) return [];
  return toViolations(name, String(status), validate.errors ?? []);
}

// Meridian's own served OpenAPI document (GET /api/2025-10-13/openapi.json, built
// from the operations' zod schemas by lib/api/openapi.ts) as a second validator:
// every answer must be what that document promises, so a serializer field the
// strict response schema lacks, a missing required field or a status the document
// does not list for the operation is a violation. No spec-mandated difference can
// exist between Meridian and its own document, so contract/allowlist.ts does not
// apply here: the only exceptions are the shrinking ratchet
// contract/known-served-document-gaps.ts.
import { toViolations, type Violation } from "./reference";
import { matchTemplate } from "./templates";
import { documentValidators, pointerSegment, type DocumentValidators } from "./validators";

type Json = Record<string, any>;

export interface ServedOperation {
  operationId: string;
  method: string;
  path: string;
  operation: Json;
}

export interface Served {
  operations: ServedOperation[];
  validators: DocumentValidators;
}

const DOC_ID = "served";

function load(doc: Json): Served {
  const operations: ServedOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const [method, operation] of Object.entries<Json>(item))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path, operation });
  return { operations, validators: documentValidators(DOC_ID, doc) };
}

const documents = new Map<string, Promise<Served | undefined>>();

/**
 * The document the answering server serves (undefined when it serves none), fetched once per origin and test file
 * for every check that needs it. `fetcher` must not be checked itself (the harness passes the unwrapped fetch).
 */
export function servedDocument(documentUrl: string, fetcher: typeof fetch): Promise<Served | undefined> {
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
  const validate = served.validators.validator("/components/schemas/SignedRetryStillProcessing");
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
  const served = await servedDocument(documentUrl, fetcher);
  if (!served) return [];
  const op = matchTemplate(served.operations, method, path)?.operation;
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
  const validate = served.validators.validator(
    `/paths/${pointerSegment(op.path)}/${op.method.toLowerCase()}` +
      `/responses/${status}/content/application~1json/schema`,
  );
  if (validate(body)) return [];
  return toViolations(name, String(status), validate.errors ?? []);
}

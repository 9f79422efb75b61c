// Compares the served OpenAPI document (generated from the operations' zod
// schemas) with the reference, operation by operation: paths, methods, status
// codes, query parameter names, required response fields and enum values. Differences come out as
// violations, so the same allowlist and ratchet apply as to live responses.
import { reference, type Violation } from "./reference";

type Json = Record<string, any>;

function resolver(doc: Json) {
  return (s: Json | undefined): Json | undefined => {
    let cur = s;
    for (let i = 0; cur?.$ref && i < 20; i++) {
      const ref: string = cur.$ref;
      if (!ref.startsWith("#/")) return cur;
      cur = ref
        .slice(2)
        .split("/")
        .reduce<Json | undefined>((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    }
    return cur;
  };
}

/** The object members a schema describes: properties merged over allOf/oneOf/anyOf and if/then branches. */
interface Shape {
  properties: Map<string, Json[]>;
  /** required in every alternative */
  required: Set<string>;
  enums: Set<unknown> | undefined;
}

function shape(schema: Json | undefined, resolve: (s: Json | undefined) => Json | undefined, depth = 0): Shape {
  const s = resolve(schema) ?? {};
  const out: Shape = { properties: new Map(), required: new Set(s.required ?? []), enums: undefined };
  if (depth > 12) return out;
  const addProps = (from: Shape) => {
    for (const [k, v] of from.properties) out.properties.set(k, [...(out.properties.get(k) ?? []), ...v]);
  };
  for (const [k, v] of Object.entries<Json>(s.properties ?? {})) out.properties.set(k, [v]);
  if (Array.isArray(s.enum)) out.enums = new Set(s.enum);
  if ("const" in s) out.enums = new Set([s.const]);
  for (const part of s.allOf ?? []) {
    const p = shape(part.then ?? part, resolve, depth + 1);
    addProps(p);
    if (!part.then) p.required.forEach((r) => out.required.add(r));
    if (p.enums) out.enums = p.enums;
  }
  const alternatives = [...(s.oneOf ?? []), ...(s.anyOf ?? [])].filter((a: Json) => resolve(a)?.type !== "null");
  if (alternatives.length) {
    const shapes = alternatives.map((a: Json) => shape(a, resolve, depth + 1));
    shapes.forEach(addProps);
    const req = shapes.map((x) => x.required).reduce((a, b) => new Set([...a].filter((r) => b.has(r))));
    req.forEach((r) => out.required.add(r));
    if (shapes.every((x) => x.enums)) out.enums = new Set(shapes.flatMap((x) => [...x.enums!]));
  }
  if (s.items) addProps(prefixed(shape(s.items, resolve, depth + 1), "*"));
  return out;
}

function prefixed(inner: Shape, segment: string): Shape {
  const out: Shape = { properties: new Map(), required: new Set(), enums: undefined };
  out.properties.set(segment, []);
  for (const [k, v] of inner.properties) out.properties.set(`${segment}/${k}`, v);
  return out;
}

function compare(
  operation: string,
  status: string,
  ref: Json | undefined,
  served: Json | undefined,
  resolveRef: (s: Json | undefined) => Json | undefined,
  resolveServed: (s: Json | undefined) => Json | undefined,
  pointer = "",
  depth = 0,
): Violation[] {
  const out: Violation[] = [];
  if (!ref || depth > 8) return out;
  const r = shape(ref, resolveRef);
  const s = shape(served, resolveServed);
  if (r.enums && s.enums)
    for (const v of s.enums)
      if (!r.enums.has(v))
        out.push({
          operation,
          status,
          pointer,
          keyword: "enum",
          message: `serves ${JSON.stringify(v)}, not a reference value`,
          // so an allowlist row naming the spec's extra values (`values`) admits them here as in live answers
          value: JSON.stringify(v),
        });
  if (r.enums && !s.enums && served)
    out.push({
      operation,
      status,
      pointer,
      keyword: "enum",
      message: "the reference has an enum here, the served schema none",
    });
  for (const name of r.required) {
    if (!s.required.has(name))
      out.push({
        operation,
        status,
        pointer: `${pointer}/${name}`,
        keyword: "required",
        message: s.properties.has(name)
          ? "optional in the served schema, required in the reference"
          : "missing from the served schema",
      });
  }
  for (const [name, refSchemas] of r.properties) {
    if (name.includes("/")) continue;
    const servedSchemas = s.properties.get(name);
    if (!servedSchemas?.length) continue;
    out.push(
      ...compare(
        operation,
        status,
        { anyOf: refSchemas },
        { anyOf: servedSchemas },
        resolveRef,
        resolveServed,
        `${pointer}/${name}`,
        depth + 1,
      ),
    );
  }
  const rItems = resolveRef(ref)?.items;
  const sItems = resolveServed(served)?.items;
  if (rItems && sItems)
    out.push(...compare(operation, status, rItems, sItems, resolveRef, resolveServed, `${pointer}/*`, depth + 1));
  return out;
}

export interface ServedDocument {
  paths: Record<string, Record<string, Json>>;
}

/** Path templates compare without their parameter names ({id} = {cardId}). */
const template = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

/** The served entry for a reference operation: same method, same path template. */
function servedEntry(served: ServedDocument, path: string, method: string): Json | undefined {
  const key = Object.keys(served.paths).find((p) => template(p) === template(path));
  return key ? served.paths[key]?.[method.toLowerCase()] : undefined;
}

/** Reference operations the served document has no entry for (method + path). */
export function unservedOperations(served: ServedDocument): string[] {
  return reference()
    .operations.filter((op) => !servedEntry(served, op.path, op.method))
    .map((op) => `${op.method} ${op.path}`);
}

function queryParameterNames(parameters: Json[] | undefined, resolve: (s: Json | undefined) => Json | undefined) {
  return (parameters ?? []).map((p) => resolve(p)).flatMap((p) => (p?.in === "query" ? [p.name as string] : []));
}

/** Differences between each served operation and the reference operation at the same method + path. */
export function compareDocuments(served: ServedDocument & Json): Violation[] {
  const { doc } = reference();
  const resolveRef = resolver(doc);
  const resolveServed = resolver(served);
  const out: Violation[] = [];
  for (const op of reference().operations) {
    const mine = servedEntry(served, op.path, op.method);
    if (!mine) continue;
    if (mine.operationId !== op.operationId)
      out.push({
        operation: op.operationId,
        status: "*",
        pointer: "",
        keyword: "operationId",
        message: `served as ${mine.operationId}`,
      });
    const servedQuery = new Set(queryParameterNames(mine.parameters, resolveServed));
    const refQuery = queryParameterNames(
      [...(doc.paths[op.path]?.parameters ?? []), ...(op.operation.parameters ?? [])],
      resolveRef,
    );
    // A query parameter the served operation lacks is silently dropped (the list comes back unfiltered).
    for (const name of refQuery.filter((q) => !servedQuery.has(q)))
      out.push({
        operation: op.operationId,
        status: "*",
        pointer: `?${name}`,
        keyword: "query",
        message: "reference query parameter the served operation does not take",
        document: true,
      });
    const refStatuses = Object.keys(op.operation.responses ?? {});
    const servedStatuses = Object.keys(mine.responses ?? {});
    for (const st of servedStatuses.filter((x) => !refStatuses.includes(x)))
      out.push({
        operation: op.operationId,
        status: st,
        pointer: "",
        keyword: "status",
        message: "served status the reference does not document",
        document: true,
      });
    for (const st of refStatuses.filter((x) => x.startsWith("2") && !servedStatuses.includes(x)))
      out.push({
        operation: op.operationId,
        status: st,
        pointer: "",
        keyword: "status",
        message: "reference success status the served document lacks",
      });
    for (const st of servedStatuses.filter((x) => refStatuses.includes(x) && x.startsWith("2"))) {
      const refSchema = op.operation.responses[st].content?.["application/json"]?.schema;
      const servedSchema = mine.responses[st].content?.["application/json"]?.schema;
      if (refSchema && !servedSchema) {
        out.push({
          operation: op.operationId,
          status: st,
          pointer: "",
          keyword: "body",
          message: "no served body schema",
        });
        continue;
      }
      out.push(...compare(op.operationId, st, refSchema, servedSchema, resolveRef, resolveServed));
    }
  }
  return out;
}

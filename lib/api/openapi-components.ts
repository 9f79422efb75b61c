// Hoists the schemas an OpenAPI document repeats into components.schemas and
// leaves a $ref in their place. The operations' zod schemas share parts (the
// error body on every error response, an address, the ~40 bank-account variants
// behind every external-account operation), and z.toJSONSchema inlines each use:
// the inline document was 4.5 MB, most of it the error body 1,070 times, and the
// API reference parsed all of it in the browser. The document's meaning is
// unchanged: a $ref names the same schema that stood there.
//
// A schema is hoisted when it occurs at least twice once its enclosing repeats are
// counted as one (so the parts of a hoisted schema stay inline in it unless they
// also occur elsewhere), and it is big enough for a reference to pay. Names come
// from where the schema first occurs (property name, discriminator value, or the
// operation), or from an existing component with the same content (Error).

type Json = Record<string, unknown>;

/** Below this JSON size a schema stays inline: a reference would not save much and would scatter the reading. */
const MIN_HOISTED_CHARS = 240;

const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;
const SCHEMA_LISTS = ["oneOf", "anyOf", "allOf", "prefixItems"] as const;
const SCHEMA_SINGLES = [
  "items",
  "additionalProperties",
  "not",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
] as const;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function pascal(words: string): string {
  return words
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .join("");
}

/** A string const or single-value enum among the variant's properties: the value that tells the variants apart. */
function discriminatorValue(schema: Json): string | undefined {
  if (!isObject(schema.properties)) return undefined;
  for (const prop of Object.values(schema.properties)) {
    if (!isObject(prop)) continue;
    if (typeof prop.const === "string") return prop.const;
    if (Array.isArray(prop.enum) && prop.enum.length === 1 && typeof prop.enum[0] === "string") return prop.enum[0];
  }
  return undefined;
}

/** Property names that say little on their own ("data" of a page) are named after their parent too. */
const GENERIC_PROPERTIES = new Set(["data", "items", "item", "results", "value", "values", "details", "metadata"]);
const propertyHint = (parent: string, name: string) =>
  GENERIC_PROPERTIES.has(name.toLowerCase()) ? `${parent}${pascal(name)}` : pascal(name);

/** A formatted string (a date-time with its pattern) is named after its format wherever it first occurs. */
function ownName(schema: Json): string | undefined {
  if (typeof schema.title === "string") return pascal(schema.title);
  if (schema.type === "string" && typeof schema.format === "string") return pascal(schema.format);
  return undefined;
}

/** Each sub-schema of a schema with the name its position suggests. */
function children(schema: Json, hint: string): { get: () => Json; set: (v: Json) => void; hint: string }[] {
  const out: { get: () => Json; set: (v: Json) => void; hint: string }[] = [];
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map))
      if (isObject(sub))
        out.push({ get: () => map[name] as Json, set: (v) => (map[name] = v), hint: propertyHint(hint, name) });
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.forEach((sub, i) => {
      if (!isObject(sub)) return;
      const tag = discriminatorValue(sub);
      out.push({
        get: () => list[i] as Json,
        set: (v) => (list[i] = v),
        hint: tag ? pascal(tag) : `${hint}${key === "prefixItems" ? "Item" : "Option"}${i + 1}`,
      });
    });
  }
  for (const key of SCHEMA_SINGLES) {
    if (!isObject(schema[key])) continue;
    const suffix = key === "items" ? "Item" : key === "additionalProperties" ? "Value" : pascal(key);
    out.push({ get: () => schema[key] as Json, set: (v) => (schema[key] = v), hint: `${hint}${suffix}` });
  }
  return out;
}

interface Root {
  get: () => Json;
  set: (v: Json) => void;
  hint: string;
}

/** The schema slots of an operation: parameters, request body and responses, each with a name hint. */
function operationRoots(doc: Json): Root[] {
  const roots: Root[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      const base = pascal(String(op.operationId ?? "operation"));
      for (const p of Array.isArray(op.parameters) ? op.parameters : [])
        if (isObject(p) && isObject(p.schema))
          roots.push({ get: () => p.schema as Json, set: (v) => (p.schema = v), hint: pascal(String(p.name)) });
      const media = (holder: unknown, hint: string) => {
        if (!isObject(holder) || !isObject(holder.content)) return;
        for (const m of Object.values(holder.content))
          if (isObject(m) && isObject(m.schema))
            roots.push({ get: () => m.schema as Json, set: (v) => (m.schema = v), hint });
      };
      media(op.requestBody, `${base}Request`);
      const responses = isObject(op.responses) ? op.responses : {};
      for (const [status, r] of Object.entries(responses))
        media(r, status.startsWith("2") ? `${base}Response` : `${base}Response${status}`);
    }
  }
  return roots;
}

/**
 * Rewrites doc in place: repeated schemas move to components.schemas and are
 * referenced from where they stood. Returns doc.
 */
export function hoistSharedSchemas<T extends Json>(doc: T): T {
  const components = (isObject(doc.components) ? doc.components : ((doc as Json).components = {})) as Json;
  const schemas = (isObject(components.schemas) ? components.schemas : (components.schemas = {})) as Json;
  const keyOf = new WeakMap<Json, string>();
  const key = (s: Json) => {
    let k = keyOf.get(s);
    if (k === undefined) keyOf.set(s, (k = JSON.stringify(s)));
    return k;
  };

  // Existing components keep their names; a schema equal to one becomes a reference to it.
  const nameOf = new Map<string, string>();
  for (const [name, s] of Object.entries(schemas)) if (isObject(s)) nameOf.set(key(s), name);

  // Count occurrences, descending into each distinct schema only once.
  const count = new Map<string, number>();
  const hintOf = new Map<string, string>();
  const visit = (s: Json, hint: string) => {
    const k = key(s);
    const n = (count.get(k) ?? 0) + 1;
    count.set(k, n);
    if (n > 1) return;
    hintOf.set(k, ownName(s) ?? hint);
    for (const c of children(s, hint)) visit(c.get(), c.hint);
  };
  for (const [name, s] of Object.entries(schemas)) if (isObject(s)) visit(s, name);
  const roots = operationRoots(doc);
  for (const r of roots) visit(r.get(), r.hint);

  const taken = new Set(Object.keys(schemas));
  const hoisted = (k: string) => nameOf.has(k) || ((count.get(k) ?? 0) > 1 && k.length >= MIN_HOISTED_CHARS);
  const nameFor = (k: string) => {
    let name = nameOf.get(k);
    if (name) return name;
    const base = hintOf.get(k) || "Schema";
    name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    nameOf.set(k, name);
    return name;
  };

  const emitted = new Set<string>(Object.keys(schemas));
  const rewriteInside = (s: Json) => {
    for (const c of children(s, "")) c.set(rewrite(c.get()));
  };
  const rewrite = (s: Json): Json => {
    const k = key(s);
    if (!hoisted(k)) {
      rewriteInside(s);
      return s;
    }
    const name = nameFor(k);
    if (!emitted.has(name)) {
      emitted.add(name);
      schemas[name] = s;
      rewriteInside(s);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  for (const s of Object.values(schemas)) if (isObject(s)) rewriteInside(s);
  for (const r of roots) r.set(rewrite(r.get()));
  return doc;
}

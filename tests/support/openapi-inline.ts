// The served OpenAPI document names shared schemas once under
// components.schemas and refers to them with $ref (lib/api/openapi-components.ts);
// tests that walk request schemas read the document with every reference
// replaced by the schema it names.

type Json = unknown;

const PREFIX = "#/components/schemas/";

/** A copy of the document's paths with each component $ref replaced by (a copy of) its schema. */
export function inlineSchemaRefs<T extends { paths: unknown; components?: { schemas?: Record<string, Json> } }>(
  doc: T,
): T {
  const schemas = doc.components?.schemas ?? {};
  const walk = (v: Json, seen: string[]): Json => {
    if (Array.isArray(v)) return v.map((x) => walk(x, seen));
    if (!v || typeof v !== "object") return v;
    const ref = (v as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith(PREFIX)) {
      const name = decodeURIComponent(ref.slice(PREFIX.length));
      if (!(name in schemas)) throw new Error(`unresolved reference ${ref}`);
      return seen.includes(name) ? {} : walk(schemas[name], [...seen, name]);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, seen)]));
  };
  return { ...doc, paths: walk(doc.paths, []) };
}

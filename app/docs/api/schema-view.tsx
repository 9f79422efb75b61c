// A JSON Schema of the OpenAPI document as nested lists: each property with its
// type, whether it is required, its description and constraints; objects,
// arrays and alternatives fold open under <details>. Server-rendered.
import type { ReactNode } from "react";
import { resolveSchema, type JsonSchema } from "@/lib/api/reference";

const MAX_DEPTH = 7;

function typeLabel(s: JsonSchema): string {
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const main = types.filter((t) => t !== "null");
  let label = main.join(" or ") || (s.oneOf || s.anyOf ? "one of" : s.allOf ? "all of" : "any");
  if (main[0] === "array" && s.items) {
    const item = resolveSchema(s.items);
    label = `array of ${item.name ?? typeLabel(item.schema)}`;
  }
  if (typeof s.format === "string") label += ` (${s.format})`;
  if (types.includes("null")) label += ", nullable";
  return label;
}

function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if ("const" in s) out.push(`always ${JSON.stringify(s.const)}`);
  if (typeof s.minLength === "number" && typeof s.maxLength === "number" && s.minLength === s.maxLength)
    out.push(`exactly ${s.minLength} characters`);
  else {
    if (typeof s.minLength === "number" && s.minLength > 0) out.push(`at least ${s.minLength} characters`);
    if (typeof s.maxLength === "number") out.push(`at most ${s.maxLength} characters`);
  }
  if (typeof s.minimum === "number" && Math.abs(s.minimum) < 2 ** 52) out.push(`minimum ${s.minimum}`);
  if (typeof s.maximum === "number" && Math.abs(s.maximum) < 2 ** 52) out.push(`maximum ${s.maximum}`);
  if (typeof s.minItems === "number" && s.minItems > 0) out.push(`at least ${s.minItems} items`);
  if (typeof s.maxItems === "number") out.push(`at most ${s.maxItems} items`);
  // Long generated patterns (dates, e-mail addresses) say less than their format does.
  if (typeof s.pattern === "string" && s.pattern.length <= 60 && !s.format) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined && s.default !== null) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** Named schemas already drawn on this page: a later use links to the first instead of repeating it. */
export type Seen = Set<string>;

function Alternatives({ options, depth, seen }: { options: JsonSchema[]; depth: number; seen: Seen }) {
  return (
    <ul className="schema-alternatives">
      {options.map((o, i) => {
        const { schema, name } = resolveSchema(o);
        const tag = discriminator(schema);
        if (typeLabel(schema) === "null") return null;
        return (
          <li key={i}>
            <details>
              <summary>{name ?? tag ?? `${typeLabel(schema)} (option ${i + 1})`}</summary>
              <SchemaView schema={o} depth={depth + 1} seen={seen} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function discriminator(s: JsonSchema): string | undefined {
  for (const p of Object.values(s.properties ?? {})) if (typeof p.const === "string") return p.const;
  return undefined;
}

function Enum({ values }: { values: unknown[] }) {
  return (
    <p className="schema-enum">
      One of:{" "}
      {values.map((v, i) => (
        <span key={i}>
          {i ? ", " : null}
          <code>{String(v)}</code>
        </span>
      ))}
    </p>
  );
}

function Nested({ schema, depth, seen }: { schema: JsonSchema; depth: number; seen: Seen }): ReactNode {
  const { schema: s } = resolveSchema(schema);
  const inner = s.items ?? schema;
  const target = resolveSchema(inner).schema;
  const hasFields = Boolean(target.properties && Object.keys(target.properties).length);
  const hasOptions = Boolean(
    target.oneOf?.length || target.anyOf?.some((o) => typeLabel(resolveSchema(o).schema) !== "null"),
  );
  if (!hasFields && !hasOptions) return Array.isArray(target.enum) ? <Enum values={target.enum} /> : null;
  if (depth >= MAX_DEPTH) return <p className="muted">Nested further; see the OpenAPI document.</p>;
  return (
    <details>
      <summary>{hasFields ? "Fields" : "Options"}</summary>
      <SchemaView schema={inner} depth={depth + 1} seen={seen} />
    </details>
  );
}

const anchor = (name: string) => `schema-${name}`;

/**
 * The schema's fields (an object), its alternatives (oneOf/anyOf) or its type and constraints. A named
 * (component) schema is drawn once per page, where it first occurs; later uses link there.
 */
export function SchemaView({ schema, depth = 0, seen }: { schema: JsonSchema; depth?: number; seen: Seen }) {
  const { name } = resolveSchema(schema);
  if (name && seen.has(name))
    return (
      <p>
        Same as <a href={`#${anchor(name)}`}>{name}</a> above.
      </p>
    );
  if (name) seen.add(name);
  const body = <SchemaBody schema={schema} depth={depth} seen={seen} />;
  return name ? <div id={anchor(name)}>{body}</div> : body;
}

function SchemaBody({ schema, depth, seen }: { schema: JsonSchema; depth: number; seen: Seen }) {
  const { schema: s } = resolveSchema(schema);
  if (s.properties && Object.keys(s.properties).length) {
    const required = new Set(s.required ?? []);
    return (
      <ul className="schema-props">
        {Object.entries(s.properties).map(([name, raw]) => {
          const { schema: p, name: refName } = resolveSchema(raw);
          const facts = constraints(p);
          return (
            <li key={name}>
              <code className="prop-name">{name}</code> <span className="prop-type">{refName ?? typeLabel(p)}</span>
              {required.has(name) ? <span className="badge badge-info">required</span> : null}
              {p.description || raw.description ? (
                <span className="prop-doc"> {String(raw.description ?? p.description)}</span>
              ) : null}
              {facts.length ? <span className="prop-facts"> · {facts.join(" · ")}</span> : null}
              <Nested schema={raw} depth={depth} seen={seen} />
            </li>
          );
        })}
      </ul>
    );
  }
  const options = (s.oneOf ?? s.anyOf)?.filter(Boolean);
  if (options?.length) return <Alternatives options={options} depth={depth} seen={seen} />;
  if (s.items) {
    return (
      <div>
        <p>
          <span className="prop-type">{typeLabel(s)}</span>
        </p>
        <SchemaView schema={s.items} depth={depth + 1} seen={seen} />
      </div>
    );
  }
  return (
    <p>
      <span className="prop-type">{typeLabel(s)}</span>
      {constraints(s).length ? <span className="prop-facts"> · {constraints(s).join(" · ")}</span> : null}
      {Array.isArray(s.enum) ? <Enum values={s.enum} /> : null}
    </p>
  );
}

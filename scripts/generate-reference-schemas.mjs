#!/usr/bin/env node
// Writes lib/kernel/reference-schemas.generated.ts: zod schemas for the
// reference OpenAPI components (contract/reference-openapi.yaml) that are long
// and mechanical to copy by hand, the per-currency payment account variants of
// PaymentInstructions above all (one per accountType). Run it after updating the
// reference; `--check` exits 1 when the committed file is not what it would write
// (tests/unit/lib/reference-schemas.test.ts runs that check).
//
//   node scripts/generate-reference-schemas.mjs [--check]
//
// Objects become strict (the served document lists exactly the reference's
// members); allOf merges its parts (two enums on one member intersect, so a
// discriminator tag the shared accountType enum does not admit yields no
// variant, as no value could satisfy the reference there); a discriminated oneOf
// becomes z.discriminatedUnion.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { parse } from "yaml";

const root = fileURLToPath(new URL("..", import.meta.url));
const OUT = `${root}lib/kernel/reference-schemas.generated.ts`;

/** The components to export, in a usable order (each is emitted after what it uses). */
const EXPORTS = [
  "PaymentRail",
  "CustomerInfoFieldName",
  "PaymentAccountInfo",
  "PaymentInstructions",
  "ScaFactorList",
  "ScaFactorEnrollStartOneOf",
  "ScaFactorConfirmResponseOneOf",
  "ScaLoginStart",
  "ScaLoginComplete",
  "RecordSecurityEventResponse",
  "TwoFactorResetStart",
  "TwoFactorResetStatus",
];

const doc = parse(readFileSync(`${root}contract/reference-openapi.yaml`, "utf8"));
const components = doc.components.schemas;
const refName = (ref) => ref.split("/").pop();

/** The schema with every allOf merged into one object schema (properties, required, enums intersected). */
function flatten(schema) {
  if (schema.$ref) return flatten(components[refName(schema.$ref)]);
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  const objects = parts.filter((p) => p.properties || p.required || p.type === "object" || p.oneOf);
  if (!objects.length) {
    // allOf of a $ref and a description-only part: the typed part
    const typed = parts.filter((p) => p.type || p.enum || p.oneOf || p.items);
    return typed.length === 1 ? typed[0] : Object.assign({}, ...parts);
  }
  const out = { type: "object", properties: {}, required: [] };
  for (const p of objects) {
    for (const [k, v] of Object.entries(p.properties ?? {})) {
      const prev = out.properties[k];
      if (prev) {
        const a = flatten(prev);
        const b = flatten(v);
        out.properties[k] = a.enum && b.enum ? { ...b, enum: b.enum.filter((x) => a.enum.includes(x)) } : b;
      } else out.properties[k] = v;
    }
    out.required.push(...(p.required ?? []));
    if (p.additionalProperties !== undefined) out.additionalProperties = p.additionalProperties;
  }
  out.required = [...new Set(out.required)];
  return out;
}

/** Whether no value can satisfy the schema (an enum intersected to nothing). */
function empty(schema) {
  const s = flatten(schema);
  if (Array.isArray(s.enum) && s.enum.length === 0) return true;
  return (s.required ?? []).some((k) => s.properties?.[k] && empty(s.properties[k]));
}

const str = (v) => JSON.stringify(v);

function zod(schema, indent = "") {
  if (schema.$ref && EXPORTS.includes(refName(schema.$ref))) return refName(schema.$ref);
  const s = flatten(schema);
  const nullable = Array.isArray(s.type) && s.type.includes("null");
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  let out;
  if (s.oneOf && s.discriminator) {
    const prop = s.discriminator.propertyName;
    const variants = Object.entries(s.discriminator.mapping)
      .map(([tag, ref]) => {
        const v = flatten({ $ref: ref });
        const props = { ...v.properties, [prop]: { ...flatten(v.properties?.[prop] ?? {}), enum: [tag] } };
        const base = v.properties?.[prop] ? flatten(v.properties[prop]) : undefined;
        if (base?.enum && !base.enum.includes(tag)) return undefined;
        return { ...v, properties: props, required: [...new Set([...(v.required ?? []), prop])] };
      })
      .filter((v) => v && !empty(v));
    out = `z.discriminatedUnion(${str(prop)}, [\n${variants
      .map((v) => `${indent}  ${zod(v, `${indent}  `)},`)
      .join("\n")}\n${indent}])`;
  } else if (s.oneOf || s.anyOf) {
    const alts = (s.oneOf ?? s.anyOf).filter((a) => !empty(a));
    out = `z.union([${alts.map((a) => zod(a, indent)).join(", ")}])`;
  } else if (s.enum) {
    const values = s.enum.filter((v) => v !== null);
    out = values.length === 1 ? `z.literal(${str(values[0])})` : `z.enum(${str(values)})`;
    if (values.length < s.enum.length && !nullable) out += ".nullable()";
  } else if (s.const !== undefined) {
    out = `z.literal(${str(s.const)})`;
  } else if (type === "string") {
    out = "z.string()";
    if (s.minLength !== undefined) out += `.min(${s.minLength})`;
    if (s.maxLength !== undefined) out += `.max(${s.maxLength})`;
    if (s.pattern) out += `.regex(/${s.pattern.replace(/\//g, "\\/")}/)`;
  } else if (type === "integer" || type === "number") {
    out = type === "integer" ? "z.number().int()" : "z.number()";
    if (s.minimum !== undefined) out += `.min(${s.minimum})`;
    if (s.maximum !== undefined) out += `.max(${s.maximum})`;
  } else if (type === "boolean") {
    out = "z.boolean()";
  } else if (type === "array") {
    out = `z.array(${zod(s.items ?? {}, indent)})`;
    if (s.minItems !== undefined) out += `.min(${s.minItems})`;
    if (s.maxItems !== undefined) out += `.max(${s.maxItems})`;
  } else if (type === "object" || s.properties) {
    const entries = Object.entries(s.properties ?? {});
    if (!entries.length) out = "z.record(z.string(), z.unknown())";
    else {
      const required = new Set(s.required ?? []);
      const inner = `${indent}  `;
      out = `z.strictObject({\n${entries
        .map(
          ([k, v]) =>
            `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)}: ${zod(v, inner)}${
              required.has(k) ? "" : ".optional()"
            },`,
        )
        .join("\n")}\n${indent}})`;
    }
  } else {
    out = "z.unknown()";
  }
  return nullable ? `${out}.nullable()` : out;
}

/** Names for schemas that are not components themselves. */
const SYNTHETIC = {
  // the accountOrWalletInfo member of PaymentInstructions: one variant per payment accountType
  PaymentAccountInfo: () => components.PaymentInstructions.properties.accountOrWalletInfo,
};

const body = EXPORTS.map((name) => {
  const schema = SYNTHETIC[name] ? SYNTHETIC[name]() : { ...components[name] };
  // PaymentInstructions refers to the synthetic PaymentAccountInfo by name
  const s =
    name === "PaymentInstructions"
      ? {
          ...schema,
          properties: {
            ...schema.properties,
            accountOrWalletInfo: { $ref: "#/components/schemas/PaymentAccountInfo" },
          },
        }
      : schema;
  const doc = `/** The reference's ${name}. */`;
  return `${doc}\nexport const ${name} = ${zod(s)};\nexport type ${name} = z.infer<typeof ${name}>;`;
}).join("\n\n");

const text = await format(
  `// GENERATED by scripts/generate-reference-schemas.mjs from contract/reference-openapi.yaml: do not edit.
// Response schemas of reference components, strict (exactly the reference's members).
import { z } from "zod";

${body}
`,
  { ...(await resolveConfig(OUT)), filepath: OUT },
);

if (process.argv.includes("--check")) {
  const current = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
  if (current !== text) {
    console.error(`${OUT} is not current: run node scripts/generate-reference-schemas.mjs`);
    process.exit(1);
  }
} else writeFileSync(OUT, text);

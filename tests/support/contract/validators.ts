// Ajv (JSON Schema 2020-12) validators over one OpenAPI document — the reference (./reference.ts) or the one the
// server serves (./served.ts) — for one schema pointer each, compiled on first use. Vitest loads the harness afresh
// in every test file, and compiling a response schema of the reference takes up to seconds (the transaction union),
// so each compiled validator is also kept as Ajv standalone code in node_modules/.cache/meridian-contract, keyed by
// the document's hash: later files and later runs load it in milliseconds, and a file pays only for the operations
// it calls. A changed document (or Ajv, or these options) is a new key; ./report.ts prunes keys a run did not use.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone";

type Json = Record<string, any>;

// the standalone code requires Ajv's runtime and ajv-formats' formats, resolved from here
const requireHere = createRequire(import.meta.url);
export const VALIDATOR_CACHE_DIR = fileURLToPath(
  new URL("../../../node_modules/.cache/meridian-contract", import.meta.url),
);

// verbose: a violation names the offending value (error.data)
const OPTIONS = { allErrors: true, strict: false, validateFormats: true, verbose: true } as const;
/** OpenAPI formats with no JSON Schema meaning: accepted as they come. */
const FREE_FORMATS = ["int64", "int32", "double", "float", "binary"];
/** Bump when the generated code would differ for the same document and Ajv version. */
const CACHE_FORMAT = 1;

export interface DocumentValidators {
  /** The validator of the schema at `pointer` (a JSON pointer into the document). */
  validator(pointer: string): ValidateFunction;
}

/** `segment` as one segment of a JSON pointer (RFC 6901). */
export const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function load(file: string): ValidateFunction | undefined {
  let code: string;
  try {
    code = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as { default?: ValidateFunction } };
    new Function("require", "module", "exports", code)(requireHere, module, module.exports);
    return module.exports.default ?? (module.exports as unknown as ValidateFunction);
  } catch {
    // not code this Ajv wrote (a hand-edited cache): compile afresh
    return undefined;
  }
}

function store(file: string, code: string) {
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    // atomic: a worker reading the same validator sees the whole file or none
    renameSync(temporary, file);
  } catch {
    // a cache that cannot be written only costs the next file a compile
  }
}

/**
 * The document as the cache key sees it: without its `servers` and its `x-` extensions (the served document's
 * code samples), which validate nothing and name the answering server, whose port is new every run.
 */
function keyText(doc: Json): string {
  return JSON.stringify(doc, function (this: unknown, name: string, value: unknown) {
    return name.startsWith("x-") || (this === doc && name === "servers") ? undefined : value;
  });
}

/** Validators over the OpenAPI document `doc`, registered in Ajv as `id` (so its `#/components/...` refs resolve). */
export function documentValidators(id: string, doc: Json, cacheDir = VALIDATOR_CACHE_DIR): DocumentValidators {
  const key = sha256(
    JSON.stringify({ CACHE_FORMAT, ajv: requireHere("ajv/package.json").version, OPTIONS, FREE_FORMATS, id }) +
      keyText(doc),
  );
  const dir = join(cacheDir, key.slice(0, 32));
  let ajv: Ajv2020 | undefined;
  const compiler = () => {
    if (ajv) return ajv;
    ajv = new Ajv2020({ ...OPTIONS, code: { source: true } });
    addFormats(ajv);
    for (const f of FREE_FORMATS) ajv.addFormat(f, true);
    ajv.addSchema(doc, id);
    return ajv;
  };
  let used = false;
  const validators = new Map<string, ValidateFunction>();
  return {
    validator(pointer) {
      let validate = validators.get(pointer);
      if (validate) return validate;
      if (!used) {
        used = true;
        mkdirSync(dir, { recursive: true });
        // marks the key as used by this run, so ./report.ts keeps it
        const now = new Date();
        utimesSync(dir, now, now);
      }
      const file = join(dir, `${sha256(pointer).slice(0, 32)}.cjs`);
      validate = load(file);
      if (!validate) {
        const ajv = compiler();
        validate = ajv.compile({ $ref: `${id}#${pointer}` });
        store(file, standaloneCode(ajv, validate));
      }
      validators.set(pointer, validate);
      return validate;
    },
  };
}

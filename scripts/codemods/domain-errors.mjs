#!/usr/bin/env node
// Codemod of issue 17 (typed domain errors): the domain and everything below
// it throw the kernel's DomainError (code, reason, details, hints such as
// retryAfterSeconds or an authChallenge), and only lib/api/errors.ts knows the
// HTTP status and headers of a code. Re-runnable and idempotent: run it after
// merging a branch that still throws ApiError below lib/api
//
//   node scripts/codemods/domain-errors.mjs          # rewrite
//   node scripts/codemods/domain-errors.mjs --check  # list what it would change, exit 1 if anything
//
// then `npx prettier --write` the files it names and `npm run typecheck`.
// What it does:
//  1. Below the HTTP tier (lib/domain, ledger, jobs, webhooks, db, security,
//     sandbox, crypto, kernel, and the tests importing from them): ApiError
//     becomes DomainError; a fourth constructor argument of HTTP headers
//     becomes hints ({"Retry-After": String(n)} -> {retryAfterSeconds: n},
//     {"WWW-Authenticate": "Bearer"} -> {authChallenge: {scheme: "Bearer"}}).
//     A header object it cannot read is left for PATCHES or reported.
//  2. In the HTTP tier (lib/api, lib/bff, app) and the tests: ApiError,
//     ERROR_STATUS and isRetryableConflict are imported from lib/api/errors.ts;
//     `instanceof ApiError` becomes `instanceof DomainError` (the domain's
//     refusals are DomainErrors, the HTTP tier's own ApiErrors extend it).
//  3. A few exact text patches of sites that read an error's HTTP status or
//     built headers by hand (listed in PATCHES); one already applied is skipped.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const CHECK = process.argv.includes("--check");
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
process.chdir(ROOT);

const BELOW_HTTP = /^lib\/(domain|ledger|jobs|webhooks|db|security|sandbox|crypto|kernel)\/|^lib\/[^/]+\.ts$/;
const HTTP_TIER = /^(lib\/api|lib\/bff|app)\//;
const KERNEL_ERRORS = "lib/kernel/errors.ts";
const API_ERRORS = "lib/api/errors.ts";
const MOVED_TO_API = new Set(["ApiError", "ERROR_STATUS", "isRetryableConflict"]);

/** Exact text patches: [file, before, after]. Applied when `before` is found, skipped when `after` already is. */
const PATCHES = [
  // The SCA challenge's Retry-After: seconds, not a header.
  [
    "lib/domain/quotes/authorize.ts",
    "function retryAfter(until: Date): Record<string, string> {\n" +
      '  return { "Retry-After": String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))) };\n}',
    "function retryAfter(until: Date): ErrorHints {\n" +
      "  return { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)) };\n}",
  ],
  [
    "lib/domain/quotes/authorize.ts",
    'import { DomainError, invalidField } from "../../kernel/errors";',
    'import { DomainError, invalidField, type ErrorHints } from "../../kernel/errors";',
  ],
  // The throttle's 429: Retry-After as a hint; lib/api adds its RateLimit-* headers itself.
  [
    "lib/security/throttle.ts",
    "export function rateLimited(retryAfterSeconds: number, reason: string, " +
      "headers: Record<string, string> = {}): DomainError {\n" +
      "  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));\n" +
      "  return new DomainError(\n" +
      '    "RATE_LIMITED",\n' +
      "    `${reason}; retry after ${seconds} seconds`,\n" +
      "    { retryAfterSeconds: seconds },\n" +
      '    { ...headers, "Retry-After": String(seconds) },\n' +
      "  );\n}",
    "export function rateLimited(retryAfterSeconds: number, reason: string): DomainError {\n" +
      "  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));\n" +
      "  return new DomainError(\n" +
      '    "RATE_LIMITED",\n' +
      "    `${reason}; retry after ${seconds} seconds`,\n" +
      "    { retryAfterSeconds: seconds },\n" +
      "    { retryAfterSeconds: seconds },\n" +
      "  );\n}",
  ],
  [
    "lib/api/rate-limit.ts",
    "    throw rateLimited(\n" +
      "      reset,\n" +
      "      `This platform has used its ${config.limit} requests per ${config.windowSeconds} seconds`,\n" +
      '      { ...headers, "RateLimit-Remaining": "0" },\n' +
      "    );",
    "    const refused = rateLimited(\n" +
      "      reset,\n" +
      "      `This platform has used its ${config.limit} requests per ${config.windowSeconds} seconds`,\n" +
      "    );\n" +
      "    throw new ApiError(\n" +
      "      refused.code,\n" +
      "      refused.reason,\n" +
      "      refused.details,\n" +
      '      { ...headers, "RateLimit-Remaining": "0" },\n' +
      "      { retryAfterSeconds: refused.retryAfterSeconds },\n" +
      "    );",
  ],
  [
    "lib/api/rate-limit.ts",
    'import { rateLimited } from "../security/throttle";',
    'import { rateLimited } from "../security/throttle";\nimport { ApiError } from "./errors";',
  ],
  // A refused execution (not a fault of the service) leaves the agent action FAILED.
  [
    "lib/domain/agents/actions.ts",
    "if (err instanceof DomainError && err.status < 500)",
    "if (err instanceof DomainError && !isServiceFault(err.code))",
  ],
  [
    "lib/domain/agents/actions.ts",
    'import { DomainError, notFound } from "../../kernel/errors";',
    'import { DomainError, isServiceFault, notFound } from "../../kernel/errors";',
  ],
  ["tests/unit/lib/kernel/validation.test.ts", "expect(e.status).toBe(400);", "expect(errorStatus(e)).toBe(400);"],
  [
    "tests/unit/lib/kernel/validation.test.ts",
    'import { DomainError } from "@/lib/kernel/errors";',
    'import { DomainError } from "@/lib/kernel/errors";\nimport { errorStatus } from "@/lib/api/errors";',
  ],
  // The stored outcome of a refused request: its status from the table.
  [
    "lib/api/idempotency.ts",
    "    if (err instanceof DomainError && err.status < 500) {\n" +
      "      await complete(platformId, key, owner, err.status, err.toBody());",
    "    if (err instanceof DomainError && errorStatus(err) < 500) {\n" +
      "      await complete(platformId, key, owner, errorStatus(err), err.toBody());",
  ],
  [
    "lib/api/idempotency.ts",
    'import { ApiError } from "./errors";',
    'import { ApiError, errorStatus } from "./errors";',
  ],
  // The API's answer to any refusal: status and headers from lib/api/errors.ts.
  [
    "lib/api/handler.ts",
    "export function plainError(err: ApiError, requestId: string): PlainResponse {\n" +
      "  return plainJson(err.status, err.toBody(), {\n" +
      '    "x-request-id": requestId,\n' +
      '    "cache-control": "no-store",\n' +
      "    ...err.headers,\n" +
      "  });\n}\n\n" +
      "export function errorResponse(err: ApiError, requestId: string): Response {",
    "export function plainError(err: DomainError, requestId: string): PlainResponse {\n" +
      "  const http = httpError(err);\n" +
      "  return plainJson(http.status, http.body, {\n" +
      '    "x-request-id": requestId,\n' +
      '    "cache-control": "no-store",\n' +
      "    ...http.headers,\n" +
      "  });\n}\n\n" +
      "export function errorResponse(err: DomainError, requestId: string): Response {",
  ],
  [
    "lib/api/handler.ts",
    "function toApiError(err: unknown, requestId: string): ApiError {",
    "function toApiError(err: unknown, requestId: string): DomainError {",
  ],
  [
    "lib/api/handler.ts",
    'import { ApiError, isRetryableConflict } from "./errors";',
    'import { ApiError, httpError, isRetryableConflict } from "./errors";',
  ],
  [
    "lib/api/node.ts",
    "function malformedPathError(pathname: string, found: ApiMatch | null): ApiError | null {",
    "function malformedPathError(pathname: string, found: ApiMatch | null): DomainError | null {",
  ],
  ["lib/api/node.ts", "status: malformed.status }", "status: errorStatus(malformed) }"],
  ["lib/api/node.ts", 'import { ApiError } from "./errors";', 'import { ApiError, errorStatus } from "./errors";'],
  [
    "lib/api/node.ts",
    'import { invalidInput } from "../kernel/errors";',
    'import { DomainError, invalidInput } from "../kernel/errors";',
  ],
  [
    "lib/api/next.ts",
    'import { ApiError } from "./errors";',
    'import { DomainError } from "../kernel/errors";\nimport { ApiError } from "./errors";',
  ],
  [
    "lib/api/next.ts",
    "export function notFoundHandlers(reason: (request: Request) => ApiError)",
    "export function notFoundHandlers(reason: (request: Request) => DomainError)",
  ],
  // The deep health check: a refused operator token answers with its challenge.
  [
    "lib/api/health.ts",
    "    const e = err as ApiError;\n" +
      "    return Response.json(e.toBody(), { status: e.status, headers: { ...NO_STORE, ...e.headers } });",
    "    const e = httpError(err as DomainError);\n" +
      "    return Response.json(e.body, { status: e.status, headers: { ...NO_STORE, ...e.headers } });",
  ],
  [
    "lib/api/health.ts",
    'import { ApiError } from "./errors";',
    'import { DomainError } from "../kernel/errors";\nimport { ApiError, httpError } from "./errors";',
  ],
  // The BFF answers a refusal with the API's status and headers.
  [
    "lib/bff/route.ts",
    "  if (err instanceof DomainError)\n" +
      "    return fail(err.status, err.code, err.reason, err.details, { ...traced, ...err.headers });",
    "  if (err instanceof DomainError) {\n" +
      "    const http = httpError(err);\n" +
      "    return fail(http.status, err.code, err.reason, err.details, { ...traced, ...http.headers });\n" +
      "  }",
  ],
  [
    "lib/bff/route.ts",
    'import { ApiError } from "../api/errors";',
    'import { ApiError, httpError } from "../api/errors";',
  ],
  // Tests of the moved pieces.
  [
    "tests/unit/lib/api/rate-limit.test.ts",
    '(await import("@/lib/kernel/errors")).ApiError',
    '(await import("@/lib/api/errors")).ApiError',
  ],
  [
    "tests/unit/lib/api/rate-limit.test.ts",
    '    ApiError: (await import("@/lib/api/errors")).ApiError,\n',
    '    ApiError: (await import("@/lib/api/errors")).ApiError,\n' +
      '    httpError: (await import("@/lib/api/errors")).httpError,\n',
  ],
  [
    "tests/unit/lib/api/rate-limit.test.ts",
    'const { admit, ApiError } = await limiter("3/60");',
    'const { admit, ApiError, httpError } = await limiter("3/60");',
  ],
  [
    "tests/unit/lib/api/rate-limit.test.ts",
    "expect(e.headers).toMatchObject({",
    "expect(httpError(e).headers).toMatchObject({",
  ],
  [
    "tests/unit/lib/db/unavailable.test.ts",
    "expect(err?.status).toBe(503);",
    "expect(err && httpError(err).status).toBe(503);",
  ],
  [
    "tests/unit/lib/db/unavailable.test.ts",
    'expect(err?.headers).toEqual({ "Retry-After": "2" });',
    "expect(err?.retryAfterSeconds).toBe(2);\n    expect(err && " +
      'httpError(err).headers).toEqual({ "Retry-After": "2" });',
  ],
  [
    "tests/unit/lib/db/unavailable.test.ts",
    'import { databaseUnavailableError, isDatabaseUnavailable } from "@/lib/db/unavailable";',
    "import { databaseUnavailableError, isDatabaseUnavailable } from " +
      '"@/lib/db/unavailable";\nimport { httpError } from "@/lib/api/errors";',
  ],
  [
    "tests/unit/lib/kernel/wording.test.ts",
    'import { ERROR_STATUS } from "../../../../lib/kernel/errors";',
    'import { ERROR_CODES } from "../../../../lib/kernel/errors";',
  ],
  ["tests/unit/lib/kernel/wording.test.ts", "Object.keys(ERROR_STATUS)", "[...ERROR_CODES]"],
  [
    "lib/api/responses.ts",
    'import { FIELD_CONSTRAINTS } from "../kernel/errors";\nimport { ERROR_STATUS } from "./errors";',
    'import { ERROR_CODES, FIELD_CONSTRAINTS } from "../kernel/errors";',
  ],
  ["lib/api/responses.ts", "z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]])", "z.enum(ERROR_CODES)"],
];

const changed = new Map();
const problems = [];

function read(file) {
  return changed.get(file) ?? fs.readFileSync(file, "utf8");
}
function write(file, text) {
  if (text !== read(file)) changed.set(file, text);
}

function importPath(from, to) {
  if (from.startsWith("app/")) return "@/" + to.replace(/\.ts$/, "");
  let rel = path.relative(path.dirname(from), to).replace(/\.ts$/, "");
  if (!rel.startsWith(".")) rel = "./" + rel;
  return rel;
}

function isKernelErrors(file, spec) {
  if (spec === "@/lib/kernel/errors") return true;
  if (!spec.startsWith(".")) return false;
  return path.normalize(path.join(path.dirname(file), spec)) === "lib/kernel/errors";
}

/** {"Retry-After": String(n), "WWW-Authenticate": "Bearer"} as hints, or null when the object says something else. */
function hintsOf(node, text) {
  if (!ts.isObjectLiteralExpression(node)) return null;
  const out = [];
  for (const p of node.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isStringLiteral(p.name) || ts.isIdentifier(p.name))) return null;
    const name = p.name.text.toLowerCase();
    const v = p.initializer;
    if (name === "retry-after") {
      if (ts.isStringLiteral(v) && /^\d+$/.test(v.text)) out.push(`retryAfterSeconds: ${v.text}`);
      else if (ts.isCallExpression(v) && v.expression.getText() === "String" && v.arguments.length === 1)
        out.push(`retryAfterSeconds: ${text.slice(v.arguments[0].getStart(), v.arguments[0].end)}`);
      else return null;
    } else if (name === "www-authenticate" && ts.isStringLiteral(v)) {
      const m = /^(\S+)(?:\s+(.*))?$/.exec(v.text);
      const params = [];
      for (const part of (m[2] ?? "").split(/,\s*/).filter(Boolean)) {
        const pm = /^([A-Za-z_-]+)="([^"]*)"$/.exec(part);
        if (!pm) return null;
        params.push(`${JSON.stringify(pm[1])}: ${JSON.stringify(pm[2])}`);
      }
      const scheme = `scheme: ${JSON.stringify(m[1])}`;
      out.push(`authChallenge: { ${params.length ? `${scheme}, params: { ${params.join(", ")} }` : scheme} }`);
    } else return null;
  }
  return `{ ${out.join(", ")} }`;
}

function belowHttp(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const visit = (n) => {
    if (ts.isNewExpression(n) && n.expression.getText() === "ApiError" && (n.arguments?.length ?? 0) >= 4) {
      // Headers it cannot read stay as they are: a patch below or the final scan deals with them.
      const hints = hintsOf(n.arguments[3], text);
      if (hints !== null) edits.push([n.arguments[3].getStart(), n.arguments[3].end, hints]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0])) text = text.slice(0, s) + r + text.slice(e);
  text = text.replace(/\bApiError(s?)\b/g, "DomainError$1");
  // `import { DomainError, DomainError }` after the rename.
  return text.replace(/import \{([^}]*)\} from ("[^"]*kernel\/errors");/g, (all, names, from) => {
    const list = names
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unique = [...new Set(list)];
    return unique.length === list.length ? all : `import { ${unique.join(", ")} } from ${from};`;
  });
}

/** Names moved to lib/api/errors.ts are imported from there; instanceof tests the base class. */
function httpTier(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!isKernelErrors(file, st.moduleSpecifier.text)) continue;
    const named = st.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named) || st.importClause.isTypeOnly) continue;
    const moved = named.elements.filter((e) => MOVED_TO_API.has((e.propertyName ?? e.name).text));
    if (moved.length === 0) continue;
    const kept = named.elements.filter((e) => !moved.includes(e)).map((e) => e.getText());
    const quote = st.moduleSpecifier.getText()[0];
    const lines = [];
    if (kept.length) lines.push(`import { ${kept.join(", ")} } from ${st.moduleSpecifier.getText()};`);
    lines.push(
      `import { ${moved.map((e) => e.getText()).join(", ")} } from ${quote}${importPath(file, API_ERRORS)}${quote};`,
    );
    edits.push([st.getStart(), st.end, lines.join("\n")]);
  }
  for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0])) text = text.slice(0, s) + r + text.slice(e);
  if (/instanceof ApiError\b/.test(text)) {
    text = text.replace(/instanceof ApiError\b/g, "instanceof DomainError");
    if (!/import \{[^}]*\bDomainError\b[^}]*\} from "[^"]*kernel\/errors"/.test(text)) {
      const kernel = importPath(file, KERNEL_ERRORS);
      const existing = new RegExp(`import \\{([^}]*)\\} from "${kernel.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}";`);
      if (existing.test(text)) {
        text = text.replace(existing, (_all, names) => `import { DomainError, ${names.trim()} } from "${kernel}";`);
      } else {
        const imports = ts
          .createSourceFile(file, text, ts.ScriptTarget.Latest, true)
          .statements.filter(ts.isImportDeclaration);
        const at = imports[imports.length - 1].end;
        text = `${text.slice(0, at)}\nimport { DomainError } from "${kernel}";${text.slice(at)}`;
      }
    }
  }
  // A moved name the file no longer uses (ApiError after the instanceof rewrite) leaves its import.
  const api = importPath(file, API_ERRORS);
  text = text.replace(
    new RegExp(`import \\{([^}]*)\\} from "${api.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}";\\n`),
    (all, names) => {
      const used = names
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .filter((n) => (text.match(new RegExp(`\\b${n}\\b`, "g")) ?? []).length > 1);
      return used.length ? `import { ${used.join(", ")} } from "${api}";\n` : "";
    },
  );
  return text;
}

const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { encoding: "utf8" }).trim().split("\n");
for (const file of files) {
  if (file === KERNEL_ERRORS || file === API_ERRORS || file.startsWith("scripts/")) continue;
  const text = read(file);
  if (!/\b(ApiError|ERROR_STATUS|isRetryableConflict)\b/.test(text)) continue;
  if (BELOW_HTTP.test(file)) write(file, belowHttp(file, text));
  else if (HTTP_TIER.test(file)) write(file, httpTier(file, text));
  else if (file.startsWith("tests/")) {
    // A test of the domain imports DomainError; one of the HTTP tier the moved names.
    const domainTest = /^tests\/unit\/lib\/(domain|ledger|jobs|webhooks|db|security|sandbox|crypto|kernel)\//.test(
      file,
    );
    write(file, domainTest ? belowHttp(file, text) : httpTier(file, text));
  }
}
for (const [file, before, after] of PATCHES) {
  if (!fs.existsSync(file)) continue;
  const text = read(file);
  if (text.includes(after) || text.includes(after.replace(/\bApiError\b/g, "DomainError"))) continue;
  if (text.includes(before)) write(file, text.replaceAll(before, after));
  else problems.push(`${file}: patch not applied (neither before nor after found): ${after.split("\n")[0]}`);
}

// Nothing below the HTTP tier may still speak HTTP (eslint.config.mjs says the same).
for (const file of files) {
  if (!BELOW_HTTP.test(file) || file === KERNEL_ERRORS) continue;
  const text = read(file);
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (/\bApiError\b|"(Retry-After|WWW-Authenticate)"/i.test(line))
      problems.push(`${file}:${i + 1}: still speaks HTTP: ${line.trim()}`);
  });
}

for (const [file, text] of changed) {
  console.log(`${CHECK ? "would change" : "changed"} ${file}`);
  if (!CHECK) fs.writeFileSync(file, text);
}
for (const p of problems) console.error(`codemod: ${p}`);
if (CHECK && changed.size > 0) process.exit(1);
if (problems.length > 0) process.exit(2);

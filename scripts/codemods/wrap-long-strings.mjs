#!/usr/bin/env node
// Codemod of issue 17 (long lines): Prettier wraps code at 120 columns but not
// string or template literals, so a long test name, message or SQL text kept a
// line long. This splits such a literal at spaces into a concatenation of
// shorter literals of the same value ("a b" -> ("a " + "b"); `x ${y} z` ->
// (`x ${y} ` + `z`)), then leaves the layout to Prettier. Re-runnable:
//
//   node scripts/codemods/wrap-long-strings.mjs [files...]   # default: every tracked .ts/.tsx/.mjs
//   npx prettier --write <the files it names>
//
// It leaves alone what a concatenation would change: import paths, property
// names, literal types, tagged templates, enum members, `case` labels,
// directives; JSX attribute text is wrapped in braces. Test titles stay whole
// (cut, Prettier re-indents the whole test body; max-len exempts them). A
// literal spanning lines (SQL) is not cut. A file with a long line it cannot
// shorten is named on stderr (ESLint's max-len names the line).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const MAX = 120;
const CHUNK = 72;
const TEST_CALL = /^(it|test|describe)(\.\w+)*$/;
const TEST_LINE = /^\s*(it|test|describe)(\.\w+)*\(/;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
process.chdir(ROOT);

const args = process.argv.slice(2);
const files = args.length
  ? args
  : execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs"], { encoding: "utf8" }).trim().split("\n");

function splittable(node) {
  const p = node.parent;
  if (!p) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p)) return false;
  if (ts.isImportTypeNode(p) || ts.isLiteralTypeNode(p) || ts.isModuleDeclaration(p)) return false;
  if (ts.isTaggedTemplateExpression(p) || ts.isEnumMember(p) || ts.isCaseClause(p)) return false;
  if (ts.isExpressionStatement(p) && ts.isStringLiteral(node)) return false; // a directive ("use client")
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === node)
    return false;
  if (ts.isPropertySignature(p) || ts.isComputedPropertyName(p)) return false;
  if (ts.isElementAccessExpression(p) && p.argumentExpression === node) return false;
  if (ts.isAsExpression(p) && ts.isTypeReferenceNode(p.type) && p.type.getText() === "const") return false;
  // A test's title: cut, Prettier would re-indent the whole test body (eslint.config.mjs exempts these lines).
  if (ts.isCallExpression(p) && p.arguments[0] === node && TEST_CALL.test(p.expression.getText())) {
    const sf = node.getSourceFile();
    const line = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
    if (line(node.getStart()) === line(p.getStart())) return false;
  }
  return true;
}

/** Positions in a literal's raw text where it may be cut: just after a space outside `${...}` and escapes. */
function cutPoints(raw, isTemplate) {
  const out = [];
  let depth = 0;
  for (let i = 1; i < raw.length - 1; i++) {
    const c = raw[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (isTemplate) {
      if (depth === 0 && c === "$" && raw[i + 1] === "{") {
        depth = 1;
        i++;
        continue;
      }
      if (depth > 0) {
        if (c === "{") depth++;
        else if (c === "}") depth--;
        continue;
      }
    }
    if (c === " " && raw[i + 1] !== " ") out.push(i + 1);
  }
  return out;
}

/** The literal as a parenthesised concatenation of pieces of about CHUNK characters, or null. */
function split(node, text) {
  const raw = text.slice(node.getStart(), node.end);
  const isTemplate = !ts.isStringLiteral(node);
  const q = raw[0];
  const cuts = cutPoints(raw, isTemplate);
  const pieces = [];
  let from = 1;
  while (raw.length - 1 - from > CHUNK) {
    const fit = cuts.filter((c) => c > from && c - from <= CHUNK);
    const at = fit.length ? fit[fit.length - 1] : cuts.find((c) => c > from);
    if (at === undefined) break;
    pieces.push(raw.slice(from, at));
    from = at;
  }
  pieces.push(raw.slice(from, raw.length - 1));
  if (pieces.length < 2) return null;
  const joined = pieces.map((p) => `${q}${p}${q}`).join(" +\n");
  const inJsx = ts.isJsxAttribute(node.parent);
  return inJsx ? `{${joined}}` : `(${joined})`;
}

const SQL_TAG = /(\$(queryRaw|executeRaw)(Unsafe)?|\bsql)$/;

/**
 * A template spanning lines (SQL mostly): each long line is cut at its last
 * space that fits, outside `${...}` and SQL quotes. Untagged, the template
 * becomes a concatenation of the same text; tagged SQL gets a line break
 * (the same statement, other whitespace).
 */
function multiLine(n, text, sf, long, edits) {
  const p = n.parent;
  const tagged = ts.isTaggedTemplateExpression(p);
  if (tagged && !SQL_TAG.test(p.tag.getText())) return;
  if (!tagged && !splittable(n)) return;
  const start = n.getStart();
  const raw = text.slice(start, n.end);
  const cuts = cutPoints(raw, true).map((c) => c + start);
  const first = sf.getLineAndCharacterOfPosition(start).line;
  const last = sf.getLineAndCharacterOfPosition(n.end).line;
  const lineStarts = sf.getLineStarts();
  const inserts = [];
  for (let line = first; line <= last; line++) {
    if (!long.has(line)) continue;
    const ls = lineStarts[line];
    const indent = /^\s*/.exec(text.slice(ls))[0];
    let from = ls;
    const end = line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : text.length;
    while (end - from > MAX - 8) {
      const fit = cuts.filter(
        (c) => c > from + indent.length + 10 && c - ls <= MAX - 10 + (from - ls) && !inSqlQuote(text, ls, c),
      );
      const at = fit.length ? fit[fit.length - 1] : undefined;
      if (at === undefined) break;
      inserts.push([at, indent]);
      from = at;
    }
  }
  if (inserts.length === 0) return;
  if (tagged) {
    for (const [at, indent] of inserts) edits.push([at - 1, at, `\n${indent}`]);
  } else {
    edits.push([start, start, "("]);
    for (const [at] of inserts) edits.push([at, at, "` +\n`"]);
    edits.push([n.end, n.end, ")"]);
  }
}

/** Whether position `at` of a SQL line is inside a '...' literal (counted from the line's start). */
function inSqlQuote(text, lineStart, at) {
  return (text.slice(lineStart, at).match(/'/g) ?? []).length % 2 === 1;
}

const changed = [];
const left = [];
for (const file of files) {
  if (!/\.(ts|tsx|mjs)$/.test(file) || file.startsWith("lib/db/generated/")) continue;
  // Pages and components wait for the web branch (eslint.config.mjs); name them to wrap them.
  if (!args.length && /^(app\/.*\.tsx|components\/)/.test(file)) continue;
  let text = fs.readFileSync(file, "utf8");
  if (!text.split("\n").some((l) => l.length > MAX)) continue;
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineStarts = sf.getLineStarts();
  const long = new Set();
  // Lines max-len allows (a test's title on its opening line) are not worked on.
  text.split("\n").forEach((l, i) => l.length > MAX && !TEST_LINE.test(l) && long.add(i));
  if (long.size === 0) continue;
  const edits = [];
  const visit = (n) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart()).line;
      const last = sf.getLineAndCharacterOfPosition(n.end).line;
      const onLong = [...long].some((l) => l >= first && l <= last);
      if (onLong && n.end - n.getStart() > 40 && first === last && splittable(n)) {
        const r = split(n, text);
        if (r) edits.push([n.getStart(), n.end, r]);
      } else if (onLong && !ts.isStringLiteral(n) && !ts.isNoSubstitutionTemplateLiteral(n.parent)) {
        multiLine(n, text, sf, long, edits);
      }
      if (ts.isTemplateExpression(n)) return; // no nested edits inside a template we may cut
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  void lineStarts;
  if (edits.length === 0) {
    left.push(file);
    continue;
  }
  for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0] || b[1] - a[1])) text = text.slice(0, s) + r + text.slice(e);
  fs.writeFileSync(file, text);
  changed.push(file);
}
for (const f of changed) console.log(f);
for (const f of left) console.error(`wrap-long-strings: no literal to cut in ${f}; wrap its long lines by hand`);

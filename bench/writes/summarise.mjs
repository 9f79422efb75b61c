// Summarises a V8 .cpuprofile: the top functions by self time and by inclusive time (a function counted once per
// sample however deep it recurses), as % of the non-idle samples.
//   node bench/writes/summarise.mjs <file.cpuprofile> [top=25] [filter]
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

const [file, topArg, filter] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Bundled (.next) frames are named by their source through the chunk's source map.
const maps = new Map();
function original(f) {
  if (!f.url.includes("/.next/")) return null;
  if (!maps.has(f.url)) {
    const path = (f.url.startsWith("file:") ? fileURLToPath(f.url) : f.url) + ".map";
    maps.set(f.url, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  const entry = maps.get(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  if (!entry?.originalSource) return null;
  const src = entry.originalSource.replace(/^.*?\/(lib|app|node_modules)\//, "$1/");
  return `${entry.name ?? f.functionName ?? "(anonymous)"} ${src}:${entry.originalLine + 1}`;
}

const label = (n) => {
  const f = n.callFrame;
  const mapped = original(f);
  if (mapped) return mapped;
  const where = f.url ? `${f.url.replace(/^.*\/(\.next|node_modules)\//, "$1/").slice(-60)}:${f.lineNumber + 1}` : "";
  return `${f.functionName || "(anonymous)"} ${where}`.trim();
};
const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);

let busy = 0;
let gc = 0;
const self = new Map();
const incl = new Map();
for (const [id, count] of counts) {
  const node = byId.get(id);
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)") continue;
  busy += count;
  if (name === "(garbage collector)") gc += count;
  self.set(label(node), (self.get(label(node)) ?? 0) + count);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l) || IDLE.has(byId.get(cur).callFrame.functionName)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + count);
  }
}
const show = (title, map) => {
  console.log(`\n${title}`);
  [...map]
    .filter(([l]) => !filter || l.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([l, c]) => console.log(`${((100 * c) / busy).toFixed(1).padStart(5)} %  ${l}`));
};
console.log(`${file}: ${busy} busy samples (GC ${((100 * gc) / busy).toFixed(1)} %)`);
show("self time", self);
show("inclusive time", incl);

// Self time by where the code lives (the module or source folder).
const bucket = (l) => {
  if (l.startsWith("writev") || l.startsWith("writeUtf8String") || l.startsWith("writeBuffer"))
    return "socket write syscalls";
  if (l.startsWith("(garbage")) return "GC";
  const m = /(node_modules\/(?:@[^/]+\/)?[^/]+|lib\/[^/]+(?:\/[^/]+)?|app\/|node:[a-z_/]+|modules\/next)/.exec(l);
  return m ? m[1] : `other: ${l.split(" ")[0]}`;
};
const byBucket = new Map();
for (const [l, c] of self) byBucket.set(bucket(l), (byBucket.get(bucket(l)) ?? 0) + c);
show("self time by module", byBucket);

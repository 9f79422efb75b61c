// Keeps package-lock.json acceptable to `npm ci` on registry mirrors that do
// not carry every platform build of Next's SWC binary. npm omits optional
// dependencies it cannot fetch from the lock, and `npm ci` then refuses the
// lock as out of sync. The missing entries are platform-only packages that
// are never installed on Linux, so recording them (name, version, os, cpu)
// is accurate and harmless. Idempotent; runs from postinstall.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const file = "package-lock.json";
if (!existsSync(file)) process.exit(0);
const lock = JSON.parse(readFileSync(file, "utf8"));
const next = lock.packages?.["node_modules/next"];
if (!next?.optionalDependencies) process.exit(0);

const PLATFORM = /^@next\/swc-(darwin|linux|win32)-(arm64|x64)(?:-(gnu|musl|msvc))?$/;
let added = 0;
for (const [name, version] of Object.entries(next.optionalDependencies)) {
  const m = PLATFORM.exec(name);
  const key = `node_modules/${name}`;
  if (!m || lock.packages[key]) continue;
  lock.packages[key] = { version, cpu: [m[2]], license: "MIT", optional: true, os: [m[1]], engines: { node: ">= 10" } };
  added++;
}
if (added > 0) {
  const sorted = {};
  for (const k of Object.keys(lock.packages).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))))
    sorted[k] = lock.packages[k];
  lock.packages = sorted;
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`fix-lockfile: recorded ${added} platform-only optional package(s) the registry mirror lacks`);
}
